#include "server/outbox.h"

#include "server/peer.h"

namespace broadside::server {

void Outbox::send(const std::shared_ptr<Peer>& peer, std::string text) {
    if (!peer) return;
    if (!pending_.empty()) {
        held_.emplace_back(peer, std::move(text));
    } else {
        peer->send(std::move(text));
    }
}

bool Outbox::wait_for_commit(std::function<void()> work) {
    if (!committing_) return false;
    waiting_.push_back(std::move(work));
    return true;
}

std::optional<WriteBatch> Outbox::take_batch() {
    if (pending_.empty() || committing_) return std::nullopt;
    committing_ = true;
    WriteBatch batch;
    std::swap(batch, pending_);
    return batch;
}

std::vector<Outbox::HeldAct> Outbox::committed(bool ok) {
    committing_ = false;
    std::vector<HeldAct> acts;
    std::swap(acts, held_acts_);
    if (!ok) {
        held_.clear();
        return {};
    }
    for (auto& [weak, text] : held_) {
        if (auto peer = weak.lock()) peer->send(std::move(text));
    }
    held_.clear();
    return acts;
}

std::deque<std::function<void()>> Outbox::take_waiting() {
    std::deque<std::function<void()>> work;
    std::swap(work, waiting_);
    return work;
}

}  // namespace broadside::server
