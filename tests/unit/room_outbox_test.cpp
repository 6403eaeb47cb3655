// The room's outbox: a message that follows an uncommitted entry waits for the commit, a failed
// commit releases nothing, and work that arrives during a commit waits for it.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "server/outbox.h"
#include "server/peer.h"

namespace broadside::server {
namespace {

struct FakePeer : Peer {
    std::vector<std::string> sent;
    std::string address_ = "test";
    void send(std::string text) override { sent.push_back(std::move(text)); }
    void close(const std::string&) override {}
    const std::string& address() const override { return address_; }
};

void log_one(Outbox& box) {
    box.pending().entries.push_back({"ROOMA", 1, {{"kind", "resign"}}});
}

TEST(RoomOutbox, NothingPendingIsSentAtOnce) {
    Outbox box;
    auto peer = std::make_shared<FakePeer>();
    box.send(peer, "pong");
    EXPECT_EQ(peer->sent, std::vector<std::string>{"pong"});
    EXPECT_FALSE(box.take_batch()) << "nothing to commit";
}

TEST(RoomOutbox, AReplyIsHeldUntilItsEntryCommits) {
    Outbox box;
    auto peer = std::make_shared<FakePeer>();
    log_one(box);
    box.send(peer, "acted");
    box.hold_act({});
    EXPECT_TRUE(peer->sent.empty());
    auto batch = box.take_batch();
    ASSERT_TRUE(batch);
    EXPECT_EQ(batch->entries.size(), 1u);
    EXPECT_TRUE(box.committing());
    EXPECT_FALSE(box.take_batch()) << "one commit at a time";
    EXPECT_TRUE(peer->sent.empty()) << "still with the writer";
    EXPECT_EQ(box.committed(true).size(), 1u);
    EXPECT_EQ(peer->sent, std::vector<std::string>{"acted"});
    EXPECT_FALSE(box.committing());
}

TEST(RoomOutbox, AFailedCommitReleasesNothing) {
    Outbox box;
    auto peer = std::make_shared<FakePeer>();
    log_one(box);
    box.send(peer, "acted");
    box.send(peer, "events");
    ASSERT_TRUE(box.take_batch());
    EXPECT_TRUE(box.committed(false).empty());
    EXPECT_TRUE(peer->sent.empty());
    box.send(peer, "later");  // nothing held any more: nothing of the failed batch follows it
    EXPECT_EQ(peer->sent, std::vector<std::string>{"later"});
}

TEST(RoomOutbox, WorkArrivingDuringACommitWaitsForIt) {
    Outbox box;
    std::vector<int> done;
    EXPECT_FALSE(box.wait_for_commit([&] { done.push_back(0); })) << "no commit out: do it now";
    log_one(box);
    ASSERT_TRUE(box.take_batch());
    EXPECT_TRUE(box.wait_for_commit([&] { done.push_back(1); }));
    EXPECT_TRUE(box.wait_for_commit([&] { done.push_back(2); }));
    EXPECT_TRUE(done.empty());
    (void)box.committed(true);
    for (auto& work : box.take_waiting()) work();
    EXPECT_EQ(done, (std::vector<int>{1, 2}));
    EXPECT_TRUE(box.take_waiting().empty());
}

TEST(RoomOutbox, AClosedPeerIsSkipped) {
    Outbox box;
    auto peer = std::make_shared<FakePeer>();
    log_one(box);
    box.send(peer, "acted");
    peer.reset();
    ASSERT_TRUE(box.take_batch());
    EXPECT_TRUE(box.committed(true).empty());
}

}  // namespace
}  // namespace broadside::server
