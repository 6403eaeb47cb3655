// The chaos client (`broadside loadtest --chaos`, docs/server.md "Hostile clients: how it is
// tested") against a real server of the test build (ASan + UBSan): a short run must find
// nothing wrong, the server must say nothing of its sanitizers, stay up and drain cleanly.
// `scripts/soak MINUTES` runs the same for as long as asked.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

// Every client comes from 127.0.0.1, and the slow readers must be able to send fast (the
// caps docs/server.md tells load tests and venues to raise); rooms leave memory after a minute
// so that a long run's memory stays flat (the soak uses the same flags).
const std::vector<std::string> kChaosServerFlags = {"--messages-per-second",
                                                    "100000",
                                                    "--message-burst",
                                                    "100000",
                                                    "--max-connections-per-address",
                                                    "100000",
                                                    "--max-rooms-per-address",
                                                    "100000",
                                                    "--max-failed-joins-per-minute",
                                                    "100000",
                                                    "--room-ttl",
                                                    "60",
                                                    "--threads",
                                                    "2"};

TEST(Chaos, AHostileCrowdMixedWithRealGamesFindsNothingWrongAndTheServerStaysUp) {
    ServerProcess server(temp_dir(), kChaosServerFlags);
    auto run = run_broadside({"loadtest", "--chaos", "--server", server.url(), "--clients", "16",
                              "--duration", "40", "--json"});
    const std::string log = server.output();
    json report = json::parse(run.out, nullptr, false);
    ASSERT_TRUE(report.is_object()) << run.out << run.err << log;
    EXPECT_EQ(run.exit_code, 0) << report.dump(2) << run.err;
    EXPECT_EQ(report["errors"], 0) << report.dump(2);
    for (const auto& [kind, n] : report["findings"].items()) EXPECT_EQ(n, 0) << kind;
    // The run did what it says: every scenario ran, games ended and their records were checked.
    for (const char* scenario :
         {"game", "bad_frames", "slow_reader", "reset", "half_open", "storm", "refusal"}) {
        EXPECT_GT(report["scenarios"].value(scenario, 0), 0) << scenario << report.dump(2);
    }
    EXPECT_GT(report["games_finished"].get<int>(), 0);
    EXPECT_GT(report["actions_checked_in_records"].get<int>(), 0);
    EXPECT_EQ(report["actions_checked_in_records"], report["actions_acknowledged"]);
    EXPECT_GT(report["repeats_confirmed"].get<int>(), 0);
    EXPECT_GT(report["bad_frames_sent"].get<int>(), 0);
    EXPECT_GT(report["slow_readers"]["cut_off"].get<int>(), 0) << report.dump(2);
    EXPECT_GT(report["server_memory"]["resident_after_bytes"].get<std::int64_t>(), 0);
    // Nothing from the sanitizers, and a clean drain.
    EXPECT_EQ(log.find("Sanitizer"), std::string::npos) << log;
    EXPECT_EQ(log.find("runtime error"), std::string::npos) << log;
    EXPECT_EQ(server.terminate(), 0) << server.output();
}

TEST(Chaos, RefusesAServerThatIsNotOnThisMachine) {
    auto remote = run_broadside(
        {"loadtest", "--chaos", "--server", "http://192.0.2.1:8080", "--duration", "1"});
    EXPECT_EQ(remote.exit_code, 2);
    EXPECT_NE(remote.err.find("loopback"), std::string::npos) << remote.err;
    auto allowed = run_broadside({"loadtest", "--chaos", "--allow-remote", "--server",
                                  "http://192.0.2.1:8080", "--duration", "1"});
    EXPECT_EQ(allowed.exit_code, 2) << allowed.err;
}

}  // namespace
}  // namespace broadside::testing
