#include "match/packed_log.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace broadside {

ByteArena::Span ByteArena::append(std::string_view first, std::string_view second) {
    const std::size_t size = first.size() + second.size();
    if (size > std::numeric_limits<std::uint32_t>::max()) {
        throw std::length_error("an event over 4 GiB");
    }
    if (chunks_.empty() || chunks_.back().capacity() - chunks_.back().size() < size) {
        const std::size_t grown =
            chunks_.empty() ? kFirstChunk : std::min(chunks_.back().capacity() * 2, kMaxChunk);
        std::string chunk;
        chunk.reserve(std::max(grown, size));
        chunks_.push_back(std::move(chunk));
    }
    auto& chunk = chunks_.back();
    Span span{static_cast<std::uint32_t>(chunks_.size() - 1),
              static_cast<std::uint32_t>(chunk.size()), static_cast<std::uint32_t>(size)};
    // Within the reserved capacity: the chunk's bytes never move, so spans stay valid.
    chunk.append(first).append(second);
    return span;
}

void PackedLog::push(std::string_view content, std::string_view redacted,
                     const std::optional<std::vector<int>>& audience,
                     std::shared_ptr<const PersonalPart> personal, bool collapsible) {
    Entry e;
    e.bytes = arena_.append(content, redacted);
    e.split = static_cast<std::uint32_t>(content.size());
    if (audience) {
        // The same few audiences recur (one per seat): the latest ones are looked through.
        const std::size_t n = audiences_.size();
        for (std::size_t k = n; k-- > (n > 8 ? n - 8 : 0);) {
            if (audiences_[k] == *audience) {
                e.audience = static_cast<std::int32_t>(k);
                break;
            }
        }
        if (e.audience < 0) {
            e.audience = static_cast<std::int32_t>(n);
            audiences_.push_back(*audience);
        }
    }
    if (personal) {
        e.personal = static_cast<std::int32_t>(personals_.size());
        personals_.push_back(std::move(personal));
    }
    e.collapsible = collapsible;
    entries_.push_back(e);
}

std::string_view PackedLog::content(std::size_t i) const {
    const auto& e = entries_[i];
    return arena_.view(e.bytes).substr(0, e.split);
}

std::string_view PackedLog::redacted(std::size_t i) const {
    const auto& e = entries_[i];
    return arena_.view(e.bytes).substr(e.split);
}

const std::vector<int>* PackedLog::audience(std::size_t i) const {
    const auto a = entries_[i].audience;
    return a < 0 ? nullptr : &audiences_[static_cast<std::size_t>(a)];
}

const PersonalPart* PackedLog::personal(std::size_t i) const {
    const auto p = entries_[i].personal;
    return p < 0 ? nullptr : personals_[static_cast<std::size_t>(p)].get();
}

bool PackedLog::sees(std::size_t i, int seat) const {
    if (personal(i)) return true;
    const auto* aud = audience(i);
    return !aud || std::find(aud->begin(), aud->end(), seat) != aud->end();
}

}  // namespace broadside
