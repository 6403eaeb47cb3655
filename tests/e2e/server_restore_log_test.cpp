// Rooms stored by the server before its log was typed (src/server/room_log.h) still restore: the
// fixture is the SQLite file of a real `broadside serve` run (as `sqlite3 .dump`), with one entry
// of every kind: a classic game resigned and its rematch, bots added at `create`, an abort, a
// stand-in's move on the clock, a forfeit on time, a claimed win, a Royale seat taken over (by a
// resignation and on time), and a party with open seating, the host's lock and a removed player.
#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

std::string fixture_data_dir() {
    std::ifstream in(std::string(BROADSIDE_SOURCE_DIR) +
                     "/tests/fixtures/rooms_before_typed_log.sql");
    std::stringstream sql;
    sql << in.rdbuf();
    const std::string dir = temp_dir();
    SQLite::Database db(dir + "/broadside.db", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db.exec(sql.str());
    return dir;
}

// A room left out at restore is unknown to the server: its hello gets 404.
void expect_not_restored(unsigned short port, const std::string& code) {
    try {
        SeatClient watcher(port, code);
        ADD_FAILURE() << code << " was restored: " << watcher.welcome;
    } catch (const std::exception& refused) {
        EXPECT_NE(std::string(refused.what()).find("404"), std::string::npos)
            << code << ": " << refused.what();
    }
}

void expect_restored(unsigned short port, const std::string& code) {
    SeatClient watcher(port, code);
    EXPECT_EQ(watcher.welcome["type"], "welcome") << code << ": " << watcher.welcome;
}

TEST(ServerRestore, RoomsStoredBeforeTheTypedLogComeBack) {
    ServerProcess server(fixture_data_dir(), {"--room-ttl", "1000000000"});
    // Every room of the file is there again, in the phase its log left it in (the games with
    // bots playing on may have finished since).
    const std::map<std::string, std::set<std::string>> phases = {
        {"KATFW", {"over"}},
        {"HCBSQ", {"waiting"}},
        {"ZVSSR", {"aborted"}},
        {"RAFVD", {"playing", "over"}},
        {"SAXTB", {"over"}},
        {"RBCVC", {"over"}},
        {"BPDGY", {"playing", "over"}},
        {"DKBGQ", {"waiting"}},
        {"DJGZT", {"playing", "over"}},
        {"DFPBQ", {"waiting"}},
        {"DSDWW", {"waiting"}},
        {"SHHER", {"playing"}},
    };
    for (const auto& [code, allowed] : phases) {
        SeatClient watcher(server.port(), code);
        ASSERT_EQ(watcher.welcome["type"], "welcome") << code << ": " << watcher.welcome;
        EXPECT_TRUE(allowed.count(watcher.welcome["room"]["phase"].get<std::string>()))
            << code << ": " << watcher.welcome["room"]["phase"];
    }
    // The rematch's people came along with the same tokens, seats swapped (entries without a
    // time, as prepared before the room was findable).
    SeatClient ann(server.port(), "HCBSQ", "25790fa4c428aa8e5e0a56dd85f312fe");
    EXPECT_EQ(ann.welcome["you"]["seat"], 1) << ann.welcome;
    SeatClient bob(server.port(), "HCBSQ", "faa1a6c34c57ca0ba6be461c83bf583a");
    EXPECT_EQ(bob.welcome["you"]["seat"], 0) << bob.welcome;
    // The party's removed player is still refused (the `bar` entry); the other party's host is
    // still seated, and its doors still locked (the `lock` entry).
    try {
        SeatClient ivy(server.port(), "SHHER", "4c41413ec43ac70fc2ed3b066f4dbf12");
        ADD_FAILURE() << "the removed player was welcomed: " << ivy.welcome;
    } catch (const std::exception& refused) {
        EXPECT_NE(std::string(refused.what()).find("\"removed\""), std::string::npos)
            << refused.what();
    }
    SeatClient host(server.port(), "DFPBQ", "523b5559342a2a6a603906e5b2875fc3");
    EXPECT_EQ(host.welcome["you"]["seat"], 0) << host.welcome;
    SeatClient newcomer(server.port(), "DFPBQ");
    EXPECT_EQ(newcomer.request({{"cmd", "join"}, {"name", "Zed"}})["error"]["code"], "room_locked");
    // The resigned game's record is there, and its actions answer as repeats by their ids.
    SeatClient ann_first(server.port(), "KATFW", "25790fa4c428aa8e5e0a56dd85f312fe");
    EXPECT_EQ(ann_first.request({{"cmd", "record"}})["type"], "record");
}

// server.md, "The log's entries": a room whose log holds an entry this server cannot read is not
// restored; the server logs `restore: room CODE, entry N: ...` and restores every other room.
// Five rooms of the fixture get one bad entry each, one of each kind of damage the doc names.
TEST(ServerRestore, ARoomWithAnEntryTheServerCannotReadIsLeftOutAndTheOthersComeBack) {
    const std::string dir = fixture_data_dir();
    const std::map<std::string, std::pair<int, std::string>> damage = {
        {"RBCVC", {5, "json_set(body, '$.kind', 'warp')"}},  // an unknown kind
        {"SAXTB", {1, "json_set(body, '$.v', 99)"}},         // an unknown version
        {"DSDWW", {6, "json_remove(body, '$.seat')"}},       // a missing field
        {"DKBGQ", {2, "json_set(body, '$.seat', 'one')"}},   // a field of the wrong type
        {"KATFW", {4, "json_set(body, '$.member', 42)"}},    // a member that does not exist
    };
    {
        SQLite::Database db(dir + "/broadside.db", SQLite::OPEN_READWRITE);
        for (const auto& [code, bad] : damage) {
            const int changed =
                db.exec("UPDATE room_log SET body = " + bad.second + " WHERE room = '" + code +
                        "' AND number = " + std::to_string(bad.first));
            ASSERT_EQ(changed, 1) << code;
        }
    }
    ServerProcess server(dir, {"--room-ttl", "1000000000"});
    const std::string output = server.output();
    EXPECT_NE(output.find(", 7 rooms restored)"), std::string::npos) << output;
    for (const auto& [code, bad] : damage) {
        const std::string line =
            "restore: room " + code + ", entry " + std::to_string(bad.first) + ": ";
        EXPECT_NE(output.find(line), std::string::npos) << line << "\n" << output;
        expect_not_restored(server.port(), code);
    }
    for (const std::string code : {"HCBSQ", "ZVSSR", "RAFVD", "BPDGY", "DJGZT", "DFPBQ", "SHHER"}) {
        expect_restored(server.port(), code);
    }
}

// The same promise for rows that are not even JSON, or not there: an entry, the room's options,
// settings or record altered to text that does not parse, and a log with an entry deleted from
// its middle. Each costs its own room only, with a line saying which room and which row.
TEST(ServerRestore, ARoomWithARowThatIsNotJsonOrAGapInItsLogIsLeftOutAndTheOthersComeBack) {
    const std::string dir = fixture_data_dir();
    const std::vector<std::pair<std::string, std::string>> damage = {
        {"UPDATE room_log SET body = '{not json' WHERE room = 'KATFW' AND number = 3",
         "restore: room KATFW, entry 3: not JSON ("},
        {"UPDATE rooms SET options = '{not json' WHERE code = 'HCBSQ'",
         "restore: room HCBSQ, options: not JSON ("},
        {"UPDATE rooms SET settings = '[1,' WHERE code = 'DSDWW'",
         "restore: room DSDWW, settings: not JSON ("},
        {"UPDATE records SET record = 'nope' WHERE room = 'ZVSSR'",
         "restore: room ZVSSR, record: not JSON ("},
        {"DELETE FROM room_log WHERE room = 'DKBGQ' AND number = 2",
         "restore: room DKBGQ, entry 2: missing (the log goes on at entry 3)"},
    };
    {
        SQLite::Database db(dir + "/broadside.db", SQLite::OPEN_READWRITE);
        for (const auto& [sql, line] : damage) ASSERT_EQ(db.exec(sql), 1) << sql;
    }
    ServerProcess server(dir, {"--room-ttl", "1000000000"});
    const std::string output = server.output();
    EXPECT_NE(output.find(", 7 rooms restored)"), std::string::npos) << output;
    for (const auto& [sql, line] : damage) {
        EXPECT_NE(output.find(line), std::string::npos) << line << "\n" << output;
        const std::string code = line.substr(std::string("restore: room ").size(), 5);
        expect_not_restored(server.port(), code);
    }
    for (const std::string code : {"SAXTB", "RBCVC", "RAFVD", "BPDGY", "DJGZT", "DFPBQ", "SHHER"}) {
        expect_restored(server.port(), code);
    }
}

}  // namespace
}  // namespace broadside::testing
