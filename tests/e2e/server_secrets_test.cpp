// The server's raw frames pass the shared leak scan (docs/testing.md, "Leak scans"): every game,
// 2 to 6 seats where the game allows, an open party room with phones joining, and a spectator in
// each room. Every frame each connection received before `ended` (welcome, observation, legal,
// acted and events alike) is scanned against the hidden truth, read at the end from the room's
// record replayed through the match layer: what was still hidden when the game ended was hidden
// in every earlier frame too. The games run at once, one thread each, in one server.
#include <gtest/gtest.h>

#include <algorithm>
#include <future>
#include <map>
#include <memory>
#include <thread>

#include "match/match.h"
#include "support/leak_scan.h"
#include "support/server_client.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

struct Table {
    std::string game;
    json options;
    int people = 2;     // seats taken by connections (party: phones, plus the host)
    bool open = false;  // an open party room: phones join after the start
};

// One connection's frames before `ended`, as (viewer, frames).
struct Seen {
    int viewer;
    std::vector<std::string> frames;
};

// Random legal moves for every seat in `clients` until the game is over.
void play_out(std::map<int, SeatClient*>& clients, Rng& rng) {
    for (int round = 0; round < 5000; ++round) {
        bool moved = false;
        for (auto& [seat, client] : clients) {
            auto obs = client->request({{"cmd", "observe"}});
            if (obs["over"].get<bool>()) return;
            if (obs["legal"].is_null()) continue;
            const auto& to_act = obs["to_act"];
            if (std::find(to_act.begin(), to_act.end(), seat) == to_act.end()) continue;
            auto ack = client->request(
                {{"cmd", "act"},
                 {"action_id", "a" + std::to_string(round) + "-" + std::to_string(seat)},
                 {"action",
                  random_action(obs["legal"], seat, rng, obs["observation"].value("game", ""))}});
            moved = moved || ack.value("type", "") == "acted";
        }
        if (!moved) std::this_thread::sleep_for(std::chrono::milliseconds(2));  // a bot's turn
    }
    throw std::runtime_error("the game did not end");
}

// Plays one room to the end; returns the record and what every connection was sent before the
// end (the spectator as viewer -1).
std::pair<json, std::vector<Seen>> play_room(unsigned short port, const Table& t,
                                             std::uint64_t seed) {
    const bool party = t.game == "party";
    auto created = create_room(port, {{"game", t.game}, {"options", t.options}, {"seat", 0}});
    const std::string room = created["room"];
    std::vector<std::unique_ptr<SeatClient>> clients;
    std::map<int, SeatClient*> seats;
    clients.push_back(std::make_unique<SeatClient>(port, room, created["token"]));
    seats[0] = clients.back().get();
    auto watcher = std::make_unique<SeatClient>(port, room);
    auto join_phones = [&] {
        for (int seat = 1; seat < t.people; ++seat) {
            clients.push_back(std::make_unique<SeatClient>(port, room));
            json ask{{"cmd", "join"}};
            if (t.open) {
                ask["name"] = "Phone " + std::to_string(seat);
                ask["device"] = "d" + std::to_string(seat);
            } else {
                ask["seat"] = seat;
            }
            auto joined = clients.back()->request(ask);
            if (joined.value("type", "") != "joined") throw std::runtime_error(joined.dump());
            seats[joined["seat"].get<int>()] = clients.back().get();
        }
    };
    if (!t.open) join_phones();
    auto started = seats[0]->request({{"cmd", "start"}, {"fill", true}});
    if (started.value("type", "") != "started") throw std::runtime_error(started.dump());
    if (t.open) join_phones();
    Rng rng(seed);
    if (party) {
        // Players place (in an open room only some: the first torpedo places for the rest),
        // then the host fires to the end.
        std::map<int, SeatClient*> players = seats;
        players.erase(0);
        for (auto& [seat, client] : players) {
            if (t.open && seat % 2 == 0) continue;
            auto obs = client->request({{"cmd", "observe"}});
            client->request({{"cmd", "act"},
                             {"action_id", "p"},
                             {"action", random_action(obs["legal"], seat, rng, "party")}});
        }
        for (int i = 0; i < 40; ++i) {
            auto ack = seats[0]->request({{"cmd", "act"},
                                          {"action_id", "f" + std::to_string(i)},
                                          {"action", {{"type", "fire"}}}});
            if (ack.value("over", false)) break;
            if (ack.value("type", "") != "acted") throw std::runtime_error(ack.dump());
        }
    } else {
        play_out(seats, rng);
    }
    seats[0]->wait_for("ended");
    const json record = seats[0]->request({{"cmd", "record"}})["record"];
    std::vector<Seen> seen;
    auto keep = [&](SeatClient& c, int viewer) {
        Seen s{viewer, {}};
        for (const auto& frame : c.frames(50)) {
            if (json::parse(frame).value("type", "") == "ended") break;
            s.frames.push_back(frame);
        }
        seen.push_back(std::move(s));
    };
    for (const auto& [seat, client] : seats) keep(*client, seat);
    keep(*watcher, -1);
    return {record, seen};
}

// The hidden truth for every viewer after each action of the record, keyed by the number of the
// action's last event: replaying the record's actions one by one rebuilds each moment.
struct Truth {
    std::map<std::int64_t, std::vector<Hidden>> at;  // [viewer + 1]
    // What `viewer` must not know once it was sent the events up to `n`.
    const Hidden& hidden(std::int64_t n, int viewer) const {
        auto it = at.upper_bound(n);
        if (it != at.begin()) --it;  // else: before the deal's events, the first moment
        // A party phone not yet seated then (its welcome came before its join) was a spectator.
        const auto index = static_cast<std::size_t>(viewer + 1);
        return it->second[index < it->second.size() ? index : 0];
    }
};

Truth truth_of(const json& record) {
    auto m = Match::create(record["game"], record["options"], record["seed"].get<std::uint64_t>());
    if (!m) throw std::runtime_error("record does not start: " + m.error().message);
    Truth t;
    auto snapshot = [&] {
        // After the last move too: its frames carry its events (the last shots, a card sunk),
        // public by then; frames after `ended` are not scanned.
        t.at[m->last_event_number()] = hidden_for_all(*m);
    };
    snapshot();
    for (const auto& step : record["actions"]) {
        auto r = m->act(step["seat"].get<int>(), step["action"]);
        if (!r) throw std::runtime_error("record does not replay: " + r.error().message);
        snapshot();
    }
    if (!m->is_over()) throw std::runtime_error("the record's game is not over");
    return t;
}

// The highest event number a frame shows its receiver (its events, or its "last_event").
std::int64_t event_reached(const json& frame) {
    std::int64_t n = frame.value("last_event", std::int64_t{0});
    if (frame.contains("events") && frame["events"].is_array()) {
        for (const auto& e : frame["events"]) n = std::max(n, e.value("n", std::int64_t{0}));
    }
    return n;
}

// Every frame each viewer got, scanned against the truth as it stood when the frame was sent;
// a report line per leak (the first few).
std::vector<std::string> scan_frames(const Truth& truth, const std::vector<Seen>& seen) {
    std::vector<std::string> out;
    for (const auto& s : seen) {
        std::int64_t reached = 0;
        for (const auto& text : s.frames) {
            const json frame = json::parse(text);
            reached = std::max(reached, event_reached(frame));
            for (const auto& leak : scan(truth.hidden(reached, s.viewer), frame)) {
                out.push_back("viewer " + std::to_string(s.viewer) + " at event " +
                              std::to_string(reached) + ": " + leak + " in " + text.substr(0, 300));
                if (out.size() > 5) return out;
            }
        }
    }
    return out;
}

TEST(ServerSecrets, EveryFrameOfEveryGameAndSeatCountPassesTheLeakScan) {
    ServerProcess server(temp_dir(),
                         {"--messages-per-second", "100000", "--message-burst", "100000"});
    const std::vector<Table> tables{
        {"classic", json::object(), 2},
        {"salvo", {{"announce", "hit-only"}}, 2},
        {"classic", {{"weapons", "all"}}, 2},
        {"salvo", {{"weapons", "all"}, {"dice", "3d6"}}, 2},
        {"royale", {{"players", 2}}, 2},
        {"royale", {{"players", 3}, {"mode", "advanced"}}, 3},
        {"royale", {{"players", 4}}, 4},
        {"royale", {{"players", 5}, {"mode", "advanced"}}, 5},
        {"royale", {{"players", 6}}, 6},
        {"party", {{"players", 2}}, 3},
        {"party", {{"players", 5}}, 6},
        {"party", {{"players", 0}, {"seating", "open"}}, 5, true},
        {"crew", {{"players", 3}}, 3},
    };
    std::vector<std::future<std::pair<json, std::vector<Seen>>>> games;
    for (std::size_t i = 0; i < tables.size(); ++i) {
        games.push_back(std::async(std::launch::async, play_room, server.port(), tables[i],
                                   static_cast<std::uint64_t>(i + 1)));
    }
    for (std::size_t i = 0; i < tables.size(); ++i) {
        SCOPED_TRACE(tables[i].game + " " + tables[i].options.dump());
        auto [record, seen] = games[i].get();
        const Truth truth = truth_of(record);
        std::size_t frames = 0;
        for (const auto& s : seen) frames += s.frames.size();
        EXPECT_GE(seen.size(), 3U);
        EXPECT_GT(frames, 10U);
        const auto leaks = scan_frames(truth, seen);
        EXPECT_TRUE(leaks.empty()) << leaks.front();
    }
    EXPECT_EQ(server.terminate(), 0);
}

// Negative control on the server's path: real frames, with a secret of the truth planted in them
// as a redaction removed would leave it, are reported; the same frames untouched are not.
TEST(ServerSecrets, ASecretPlantedInARealFrameIsFound) {
    ServerProcess server(temp_dir(),
                         {"--messages-per-second", "100000", "--message-burst", "100000"});
    for (const Table& t :
         {Table{"classic", {{"weapons", "all"}}, 2}, Table{"royale", {{"players", 4}}, 4},
          Table{"party", {{"players", 3}}, 4}}) {
        SCOPED_TRACE(t.game);
        auto [record, seen] = play_room(server.port(), t, 3);
        const Truth truth = truth_of(record);
        ASSERT_EQ(seen[1].viewer, 1);  // seat 1: a player
        EXPECT_TRUE(scan_frames(truth, {seen[1]}).empty());
        // Another seat's secret as the record holds it, planted in seat 1's every frame: the
        // placements of seat 0 (classic) or 2 (party), or seat 0's hand (Royale) by its cells.
        Seen planted = seen[1];
        json secret;
        if (t.game == "royale") {
            secret = json::array();
            for (const auto& id : record["reveal"]["hands"][0]["dealt"]) {
                secret.push_back(json::array());  // the card's cells, looked up by the truth
                for (const auto& card : truth.hidden(0, 1).cards)
                    if (card.id == id) secret.back() = json(card.cells);
            }
        } else {
            secret = record["reveal"]["fleets"][t.game == "party" ? 2 : 0];
        }
        for (auto& text : planted.frames) {
            json frame = json::parse(text);
            frame["planted"] = secret;
            text = frame.dump();
        }
        EXPECT_FALSE(scan_frames(truth, {planted}).empty()) << secret.dump();
    }
    EXPECT_EQ(server.terminate(), 0);
}

}  // namespace
}  // namespace broadside::testing
