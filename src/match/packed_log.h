#pragma once
// Bytes kept back to back in chunks, and the logged events laid out over them: what a match
// keeps of every event and action for as long as its room lives. A string per event cost its
// own allocation and a 32-byte header, and an event's number, audience and personal part another
// 60 bytes; here an event is its bytes plus a 24-byte entry (docs/performance.md, "Memory per
// connection").
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/game.h"

namespace broadside {

// Appended byte strings, never moved once written: chunks start small (a short match stays
// small) and double up to kMaxChunk, so the unused tail of the last one is bounded.
class ByteArena {
public:
    struct Span {
        std::uint32_t chunk = 0;
        std::uint32_t offset = 0;
        std::uint32_t size = 0;
    };
    // `first` and `second` back to back, as one span.
    Span append(std::string_view first, std::string_view second = {});
    std::string_view view(Span span) const {
        return {chunks_[span.chunk].data() + span.offset, span.size};
    }

private:
    static constexpr std::size_t kFirstChunk = 256;
    static constexpr std::size_t kMaxChunk = 16 * 1024;
    std::vector<std::string> chunks_;
};

// The match's events: each one's MessagePack content and redaction, audience, personal part and
// collapsibility; its number is its index + 1.
class PackedLog {
public:
    void push(std::string_view content, std::string_view redacted,
              const std::optional<std::vector<int>>& audience,
              std::shared_ptr<const PersonalPart> personal, bool collapsible);
    std::size_t size() const { return entries_.size(); }
    static std::int64_t number(std::size_t i) { return static_cast<std::int64_t>(i) + 1; }
    std::string_view content(std::size_t i) const;
    std::string_view redacted(std::size_t i) const;
    // Null: every seat is in the audience.
    const std::vector<int>* audience(std::size_t i) const;
    const PersonalPart* personal(std::size_t i) const;
    bool collapsible(std::size_t i) const { return entries_[i].collapsible; }
    // Whether `seat` gets the event's content (or its personal view) rather than the redaction.
    bool sees(std::size_t i, int seat) const;

private:
    struct Entry {
        ByteArena::Span bytes;  // content, then the redaction from `split`
        std::uint32_t split = 0;
        std::int32_t audience = -1;  // index into audiences_; -1: everyone
        std::int32_t personal = -1;  // index into personals_; -1: none
        bool collapsible = false;
    };
    ByteArena arena_;
    // A deque: appending never copies what was logged before.
    std::deque<Entry> entries_;
    // Distinct audiences (a two-player game has two), and the personal parts.
    std::vector<std::vector<int>> audiences_;
    std::vector<std::shared_ptr<const PersonalPart>> personals_;
};

}  // namespace broadside
