// Room leases and fencing on a throwaway PostgreSQL (docs/scaling.md, "Room ownership"): two
// storage objects on one database play two nodes. A room's first lease comes with the room; a
// live lease cannot be claimed by another node; an expired one can, under a higher epoch; and
// from then on the old owner's writes are refused inside their transaction, with nothing of the
// batch committed. Mutants: tests/mutants/fence_not_checked.patch,
// tests/mutants/expired_lease_not_required.patch.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "server/group_writer.h"
#include "server/postgres_storage.h"
#include "support/postgres_throwaway.h"

namespace broadside::testing {
namespace {

using server::Commit;
using server::FencedError;
using server::LeaseClaim;
using server::PostgresStorage;
using server::StoredRoom;
using server::WriteBatch;

StoredRoom room(const std::string& code) {
    StoredRoom r;
    r.code = code;
    r.game = "classic";
    r.options = nlohmann::json::object();
    r.settings = nlohmann::json::object();
    r.server_seed = "ab";
    return r;
}

// A new room with its first lease, as a cluster's hub makes it.
WriteBatch created(const std::string& code) {
    WriteBatch b;
    b.new_rooms.push_back(room(code));
    b.new_leases.push_back(code);
    return b;
}

WriteBatch entry(const std::string& code, std::int64_t number, std::int64_t epoch) {
    WriteBatch b;
    b.entries.push_back({code, number, {{"kind", "act"}, {"n", number}}});
    b.fences.emplace_back(code, epoch);
    return b;
}

class Leases : public ::testing::Test {
protected:
    void SetUp() override {
        const auto db = shared_postgres().create_database();
        a_ = std::make_unique<PostgresStorage>(db);
        b_ = std::make_unique<PostgresStorage>(db);
        a_->join_cluster("a", "http://127.0.0.1:1", kLeaseMs);
        b_->join_cluster("b", "http://127.0.0.1:2", kLeaseMs);
    }
    static void let_leases_expire() {
        std::this_thread::sleep_for(std::chrono::milliseconds(kLeaseMs + 100));
    }
    static constexpr std::int64_t kLeaseMs = 400;
    std::unique_ptr<PostgresStorage> a_, b_;
};

TEST_F(Leases, ALiveLeaseIsHeldAgainstOtherNodesAndNamesItsOwner) {
    a_->write(created("ROOMA"));
    const auto claim = b_->claim("ROOMA");
    EXPECT_EQ(claim.outcome, LeaseClaim::Outcome::kHeld);
    EXPECT_EQ(claim.owner, "a");
    EXPECT_EQ(claim.owner_url, "http://127.0.0.1:1");
    EXPECT_GT(claim.expires_in_ms, 0);
    EXPECT_LE(claim.expires_in_ms, kLeaseMs);
    EXPECT_EQ(b_->claim("NOSUCH").outcome, LeaseClaim::Outcome::kNoRoom);
    // Renewed, it stays held past its first length.
    for (int i = 0; i < 4; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(kLeaseMs / 3));
        EXPECT_TRUE(a_->renew({{"ROOMA", 1}}).empty());
    }
    EXPECT_EQ(b_->claim("ROOMA").outcome, LeaseClaim::Outcome::kHeld);
}

TEST_F(Leases, AnExpiredLeaseIsTakenUnderAHigherEpochAndTheOldOwnersWritesAreRefused) {
    a_->write(created("ROOMA"));
    a_->write(created("ROOMB"));
    a_->write(entry("ROOMA", 1, 1));
    let_leases_expire();
    const auto claim = b_->claim("ROOMA");
    ASSERT_EQ(claim.outcome, LeaseClaim::Outcome::kTaken);
    EXPECT_EQ(claim.epoch, 2);
    // The old owner, back from a pause, writes under epoch 1: refused, and nothing of the batch
    // is committed, not even another room's entry that was in it.
    WriteBatch late = entry("ROOMA", 2, 1);
    late.append(entry("ROOMB", 1, 1));
    try {
        a_->write(late);
        FAIL() << "a write under a lost lease was committed";
    } catch (const FencedError& e) {
        EXPECT_EQ(e.rooms(), std::vector<std::string>{"ROOMA"});
    }
    const auto loaded = b_->load_room("ROOMA");
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->log.size(), 1u);
    EXPECT_TRUE(b_->load_room("ROOMB")->log.empty());
    // The old owner's renewal says the room is lost (and only it; a room whose creation is not
    // committed yet is not); the new owner writes on.
    EXPECT_EQ(a_->renew({{"ROOMA", 1}, {"ROOMB", 1}, {"UNCOMMITTED", 1}}),
              std::vector<std::string>{"ROOMA"});
    b_->write(entry("ROOMA", 2, 2));
    EXPECT_EQ(b_->load_room("ROOMA")->log.size(), 2u);
    // And the old owner cannot take it back while the new owner's lease lives.
    EXPECT_EQ(a_->claim("ROOMA").outcome, LeaseClaim::Outcome::kHeld);
}

TEST_F(Leases, AnExpiredLeaseNobodyTookStillLetsItsOwnerWrite) {
    // Fencing is by epoch: a pause past the lease that nobody noticed harms no one.
    a_->write(created("ROOMA"));
    let_leases_expire();
    a_->write(entry("ROOMA", 1, 1));
    EXPECT_EQ(a_->load_room("ROOMA")->log.size(), 1u);
}

TEST_F(Leases, AReleasedLeaseIsTakenAtOnceAndARestartedNodeReclaimsItsOwn) {
    a_->write(created("ROOMA"));
    a_->release("ROOMA", 1);
    const auto claim = b_->claim("ROOMA");
    ASSERT_EQ(claim.outcome, LeaseClaim::Outcome::kTaken);
    EXPECT_EQ(claim.epoch, 2);
    // A node restarted under the same name takes its own live lease back, with a new epoch, so
    // that anything of its previous life is fenced.
    const auto again = b_->claim("ROOMA");
    ASSERT_EQ(again.outcome, LeaseClaim::Outcome::kTaken);
    EXPECT_EQ(again.epoch, 3);
    // A release under an old epoch does nothing.
    b_->release("ROOMA", 2);
    EXPECT_EQ(a_->claim("ROOMA").outcome, LeaseClaim::Outcome::kHeld);
}

TEST_F(Leases, TheGroupWriterLeavesOutAFencedRoomAndCommitsTheRest) {
    a_->write(created("ROOMA"));
    a_->write(created("ROOMB"));
    let_leases_expire();
    ASSERT_EQ(b_->claim("ROOMA").outcome, LeaseClaim::Outcome::kTaken);
    std::vector<Commit> results(2, Commit::kFailed);
    {
        // A window long enough that both batches are committed together.
        server::GroupWriter writer(*a_, nullptr, std::chrono::milliseconds(200));
        writer.submit(WriteBatch{}, nullptr);  // starts a window
        writer.flush();
        writer.submit(entry("ROOMA", 1, 1), [&](Commit c) { results[0] = c; });
        writer.submit(entry("ROOMB", 1, 1), [&](Commit c) { results[1] = c; });
        writer.flush();
    }
    EXPECT_EQ(results[0], Commit::kFenced);
    EXPECT_EQ(results[1], Commit::kDone);
    EXPECT_TRUE(b_->load_room("ROOMA")->log.empty());
    EXPECT_EQ(b_->load_room("ROOMB")->log.size(), 1u);
}

}  // namespace
}  // namespace broadside::testing
