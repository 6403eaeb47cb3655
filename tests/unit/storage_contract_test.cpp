// One contract for every Storage (server/storage.h), run against SQLite and against a throwaway
// PostgreSQL (tests/support/postgres_throwaway.h): what a write commits comes back from load()
// and from a new storage object on the same database, in order; a batch is all or nothing.
// Mutant: tests/mutants/postgres_rooms_outside_the_batch.patch.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <memory>

#include <SQLiteCpp/SQLiteCpp.h>

#include "server/postgres_storage.h"
#include "server/sqlite_storage.h"
#include "support/postgres_throwaway.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;
using server::LogEntry;
using server::Storage;
using server::StoredRoom;
using server::WriteBatch;

class StorageContract : public ::testing::TestWithParam<std::string> {
protected:
    void SetUp() override {
        where_ = GetParam() == "PostgreSQL" ? shared_postgres().create_database() : temp_dir();
        storage_ = open();
    }
    // A new storage object on the same database (as after a restart).
    std::unique_ptr<Storage> open() {
        if (GetParam() == "PostgreSQL") return std::make_unique<server::PostgresStorage>(where_);
        return std::make_unique<server::SqliteStorage>(where_, server::Durability::kNormal);
    }
    // One SQL statement on the database behind the storage, as a damaged row would be.
    void alter(const std::string& statement) {
        if (GetParam() == "SQLite") {
            SQLite::Database db(where_ + "/broadside.db", SQLite::OPEN_READWRITE);
            ASSERT_EQ(db.exec(statement), 1) << statement;
            return;
        }
        // psql on the throwaway's socket (the URI names it); statements hold no double quote.
        const std::string command = "psql '" + where_ + "' -Atqc \"" + statement + "\" 2>&1";
        std::string out;
        if (FILE* pipe = popen(command.c_str(), "r")) {
            char buffer[256];
            while (fgets(buffer, sizeof buffer, pipe)) out += buffer;
            ASSERT_EQ(pclose(pipe), 0) << statement << ": " << out;
        }
    }
    std::string where_;
    std::unique_ptr<Storage> storage_;
};

StoredRoom room(const std::string& code, std::int64_t created) {
    StoredRoom r;
    r.code = code;
    r.game = "classic";
    r.options = {{"rows", 10}, {"cols", 10}};
    r.settings = {{"name", "Ann's room"}, {"unicode", "\u00e9\u2693"}};
    r.server_seed = "00ff" + code;
    r.created_ms = created;
    r.touched_ms = created + 5;
    return r;
}

WriteBatch new_rooms(std::vector<StoredRoom> rooms) {
    WriteBatch b;
    b.new_rooms = std::move(rooms);
    return b;
}

LogEntry entry(const std::string& code, std::int64_t number) {
    return {code, number, {{"type", "act"}, {"n", number}, {"room", code}}};
}

const StoredRoom* find(const std::vector<StoredRoom>& rooms, const std::string& code) {
    for (const auto& r : rooms) {
        if (r.code == code) return &r;
    }
    return nullptr;
}

TEST_P(StorageContract, NewRoomsComeBackWithEveryFieldAndAnEmptyLog) {
    storage_->write(new_rooms({room("BBBBB", 2000), room("AAAAA", 1000)}));
    const auto rooms = storage_->load();
    ASSERT_EQ(rooms.size(), 2u);
    EXPECT_EQ(rooms[0].code, "AAAAA");  // oldest first
    const auto& b = rooms[1];
    const auto expected = room("BBBBB", 2000);
    EXPECT_EQ(b.code, expected.code);
    EXPECT_EQ(b.game, expected.game);
    EXPECT_EQ(b.options, expected.options);
    EXPECT_EQ(b.settings, expected.settings);
    EXPECT_EQ(b.server_seed, expected.server_seed);
    EXPECT_EQ(b.created_ms, 2000);
    EXPECT_EQ(b.touched_ms, 2005);
    EXPECT_FALSE(b.expired);
    EXPECT_TRUE(b.log.empty());
    EXPECT_TRUE(b.record.is_null());
}

TEST_P(StorageContract, EntriesComeBackInNumberOrderWhateverTheBatches) {
    storage_->write(new_rooms({room("AAAAA", 1), room("BBBBB", 2)}));
    // Twelve entries each (10, 11, 12 sort before 2 as text), the two rooms interleaved.
    for (int n = 1; n <= 12; n += 3) {
        WriteBatch b;
        for (int k = n; k < n + 3; ++k) {
            b.entries.push_back(entry("BBBBB", k));
            b.entries.push_back(entry("AAAAA", k));
        }
        storage_->write(b);
    }
    for (const auto& r : storage_->load()) {
        ASSERT_EQ(r.log.size(), 12u) << r.code;
        for (int n = 1; n <= 12; ++n) EXPECT_EQ(r.log[n - 1], entry(r.code, n).body) << r.code;
    }
}

TEST_P(StorageContract, ABatchWithADuplicateEntryThrowsAndCommitsNothingOfIt) {
    storage_->write(new_rooms({room("AAAAA", 1)}));
    WriteBatch first;
    first.entries = {entry("AAAAA", 1)};
    storage_->write(first);

    WriteBatch bad;
    bad.new_rooms = {room("CCCCC", 3)};
    bad.entries = {entry("AAAAA", 2), entry("CCCCC", 1), entry("AAAAA", 1)};  // 1 again
    bad.records = {{"AAAAA", {{"winner", 0}}}};
    bad.touched = {{"AAAAA", 99999}};
    bad.expired = {"AAAAA"};
    EXPECT_ANY_THROW(storage_->write(bad));

    const auto reopened = open();
    for (auto* s : {storage_.get(), reopened.get()}) {
        const auto rooms = s->load();
        ASSERT_EQ(rooms.size(), 1u);
        EXPECT_EQ(rooms[0].log, std::vector<json>{entry("AAAAA", 1).body});
        EXPECT_TRUE(rooms[0].record.is_null());
        EXPECT_EQ(rooms[0].touched_ms, 6);
        EXPECT_FALSE(rooms[0].expired);
        EXPECT_FALSE(s->room_exists("CCCCC"));
        EXPECT_TRUE(s->record("AAAAA").is_null());
    }
    // The storage is usable after the failure: the same changes without the duplicate commit.
    bad.entries.pop_back();
    storage_->write(bad);
    EXPECT_EQ(storage_->load().size(), 2u);
}

TEST_P(StorageContract, AnEntryOfARoomNeverStoredIsRefused) {
    WriteBatch b;
    b.entries = {entry("ZZZZZ", 1)};
    EXPECT_ANY_THROW(storage_->write(b));
    EXPECT_TRUE(storage_->load().empty());
}

TEST_P(StorageContract, RecordsAreKeptAndAReplacedRecordWins) {
    storage_->write(new_rooms({room("AAAAA", 1), room("BBBBB", 2)}));
    WriteBatch b;
    b.records = {{"AAAAA", {{"winner", 0}}}};
    storage_->write(b);
    EXPECT_EQ(storage_->record("AAAAA"), json({{"winner", 0}}));
    b.records = {{"AAAAA", {{"winner", 1}, {"moves", {1, 2, 3}}}}};
    storage_->write(b);
    EXPECT_EQ(storage_->record("AAAAA"), json({{"winner", 1}, {"moves", {1, 2, 3}}}));
    EXPECT_TRUE(storage_->record("BBBBB").is_null());
    EXPECT_TRUE(storage_->record("NOPE1").is_null());
    const auto rooms = storage_->load();
    EXPECT_EQ(find(rooms, "AAAAA")->record, json({{"winner", 1}, {"moves", {1, 2, 3}}}));
    EXPECT_TRUE(find(rooms, "BBBBB")->record.is_null());
}

TEST_P(StorageContract, TouchedOnlyMovesForwardAndExpiredIsKept) {
    storage_->write(new_rooms({room("AAAAA", 1000), room("BBBBB", 2000)}));
    WriteBatch b;
    b.touched = {{"AAAAA", 5000}, {"BBBBB", 10}};  // B's is older than what is stored
    b.expired = {"BBBBB"};
    storage_->write(b);
    const auto rooms = storage_->load();
    EXPECT_EQ(find(rooms, "AAAAA")->touched_ms, 5000);
    EXPECT_EQ(find(rooms, "BBBBB")->touched_ms, 2005);
    EXPECT_FALSE(find(rooms, "AAAAA")->expired);
    EXPECT_TRUE(find(rooms, "BBBBB")->expired);
}

TEST_P(StorageContract, RoomExistsForEveryCodeEverStoredExpiredToo) {
    EXPECT_FALSE(storage_->room_exists("AAAAA"));
    storage_->write(new_rooms({room("AAAAA", 1)}));
    WriteBatch b;
    b.expired = {"AAAAA"};
    storage_->write(b);
    EXPECT_TRUE(storage_->room_exists("AAAAA"));
    EXPECT_FALSE(storage_->room_exists("aaaaa"));
    EXPECT_FALSE(storage_->room_exists("BBBBB"));
}

TEST_P(StorageContract, ANewStorageOnTheSameDatabaseSeesEverythingCommitted) {
    WriteBatch b = new_rooms({room("AAAAA", 1), room("BBBBB", 2)});
    b.entries = {entry("AAAAA", 1), entry("AAAAA", 2), entry("BBBBB", 1)};
    b.records = {{"BBBBB", {{"winner", 1}}}};
    b.touched = {{"AAAAA", 777}};
    storage_->write(b);
    const auto before = storage_->load();
    storage_.reset();
    const auto again = open();  // the schema exists already: opened, not created
    const auto after = again->load();
    ASSERT_EQ(after.size(), before.size());
    for (std::size_t i = 0; i < after.size(); ++i) {
        EXPECT_EQ(after[i].code, before[i].code);
        EXPECT_EQ(after[i].log, before[i].log);
        EXPECT_EQ(after[i].record, before[i].record);
        EXPECT_EQ(after[i].touched_ms, before[i].touched_ms);
        EXPECT_EQ(after[i].settings, before[i].settings);
    }
    EXPECT_EQ(find(after, "AAAAA")->log.size(), 2u);
    EXPECT_EQ(find(after, "AAAAA")->touched_ms, 777);
    EXPECT_TRUE(again->room_exists("BBBBB"));
    EXPECT_EQ(again->record("BBBBB"), json({{"winner", 1}}));
}

// docs/server.md, "The log's entries": a row the server cannot read costs its own room only. The
// load marks that room (which row, what is wrong) and reads every other room whole.
TEST_P(StorageContract, ARowThatCannotBeReadMarksItsRoomAndEveryOtherRoomLoads) {
    const std::vector<std::string> codes = {"AAAAA", "BBBBB", "CCCCC", "DDDDD", "EEEEE", "FFFFF"};
    WriteBatch b;
    for (std::size_t i = 0; i < codes.size(); ++i) {
        b.new_rooms.push_back(room(codes[i], static_cast<std::int64_t>(i)));
        for (int n = 1; n <= 3; ++n) b.entries.push_back(entry(codes[i], n));
        b.records.push_back({codes[i], {{"winner", 0}}});
    }
    storage_->write(b);
    alter("UPDATE room_log SET body = '{not json' WHERE room = 'AAAAA' AND number = 2");
    alter("UPDATE rooms SET options = '{not json' WHERE code = 'BBBBB'");
    alter("UPDATE rooms SET settings = '[1,' WHERE code = 'CCCCC'");
    alter("UPDATE records SET record = 'nope' WHERE room = 'DDDDD'");
    alter("DELETE FROM room_log WHERE room = 'EEEEE' AND number = 2");
    const auto rooms = storage_->load();
    ASSERT_EQ(rooms.size(), codes.size());
    const std::map<std::string, std::string> marked = {
        {"AAAAA", "entry 2: not JSON ("},
        {"BBBBB", "options: not JSON ("},
        {"CCCCC", "settings: not JSON ("},
        {"DDDDD", "record: not JSON ("},
        {"EEEEE", "entry 2: missing (the log goes on at entry 3)"},
    };
    for (const auto& [code, why] : marked) {
        EXPECT_EQ(find(rooms, code)->unreadable.rfind(why, 0), 0u)
            << code << ": " << find(rooms, code)->unreadable;
    }
    const auto* whole = find(rooms, "FFFFF");
    EXPECT_EQ(whole->unreadable, "");
    EXPECT_EQ(whole->log.size(), 3u);
    EXPECT_EQ(whole->record, json({{"winner", 0}}));
    EXPECT_EQ(whole->settings, room("FFFFF", 5).settings);
}

INSTANTIATE_TEST_SUITE_P(Both, StorageContract, ::testing::Values("SQLite", "PostgreSQL"),
                         [](const auto& p) { return p.param; });

TEST(PostgresStorage, AnUnreachableDatabaseIsAClearErrorNamingTheCause) {
    try {
        server::PostgresStorage storage("postgresql:///nodb?host=/nonexistent-dir&user=postgres");
        ADD_FAILURE() << "connected to nothing";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("cannot connect to PostgreSQL"), std::string::npos)
            << e.what();
    }
}

}  // namespace
}  // namespace broadside::testing
