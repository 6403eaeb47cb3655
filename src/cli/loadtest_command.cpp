// `broadside loadtest`: simulated players against a running server (docs/performance.md). The
// flags fill a LoadtestConfig; the clients themselves live in src/client/loadtest.cpp.
#include <csignal>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/common.h"
#include "client/chaos.h"
#include "client/loadtest.h"

namespace broadside::cli {

namespace {

// Ctrl-C or SIGTERM: the run stops early, ends its rooms and reports. The handler is reset by
// the first signal, so a second one ends the process at once.
std::atomic<bool> g_interrupted{false};

extern "C" void on_interrupt(int) {
    g_interrupted = true;
}

void catch_interrupts() {
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

// What became of the rooms the run made, and what to do when the server refused some.
void print_rooms(const nlohmann::json& r) {
    const auto& rooms = r["rooms"];
    std::cout << "  rooms made: " << rooms["made"] << "; ended: " << rooms["ended"].dump();
    if (rooms["unfinished"].get<int>() > 0) {
        std::cout << "; LEFT UNFINISHED: " << rooms["unfinished"]
                  << " (they count against the server's --max-rooms-per-address until it "
                     "expires them)";
    }
    std::cout << "\n";
    if (r["error_codes"].contains("too_many_rooms")) {
        std::cout << "  the server refused rooms (too_many_rooms): every client of a load test "
                     "comes from one address, and 'broadside serve' lets an address hold 50 "
                     "rooms that are not over by default; start it with "
                     "--max-rooms-per-address "
                  << std::max<std::int64_t>(r.value("tables", std::int64_t{1}), 1)
                  << " or more (a room a table, and any of your own; docs/performance.md)\n";
    }
    if (r.value("interrupted", false)) {
        std::cout << "  interrupted: the report covers the run until then\n";
    }
}

void print_report(const nlohmann::json& r) {
    const auto& ack = r["ack_ms"];
    std::cout << "loadtest: " << r["clients"].get<int>() << " clients ("
              << r["game"].get<std::string>() << ", " << r["tables"].get<int>()
              << " tables) against " << r["server"].get<std::string>() << " for "
              << r["duration_s"].get<double>() << " s\n"
              << "  connections held: peak " << r["connected_peak"] << ", at the end "
              << r["connected_at_end"] << "; failed to connect " << r["connect_failures"]
              << ", dropped " << r["disconnects"] << "\n"
              << "  actions acknowledged: " << r["actions"] << " ("
              << r["actions_per_second"].get<double>() << " a second; "
              << r["steady_actions_per_second"].get<double>() << " in the second half)\n"
              << "  act to acknowledgement: p50 " << ack["p50"].get<double>() << " ms, p90 "
              << ack["p90"].get<double>() << " ms, p99 " << ack["p99"].get<double>() << " ms, max "
              << ack["max"].get<double>() << " ms (" << ack["samples"] << " samples)\n"
              << "  games finished: " << r["games_finished"] << "\n"
              << "  errors: " << r["errors"];
    if (!r["error_codes"].empty()) std::cout << " " << r["error_codes"].dump();
    std::cout << "\n";
    print_rooms(r);
    const auto& mem = r["server_memory"];
    if (mem.contains("bytes_per_connection")) {
        std::cout << "  server memory: " << mem["resident_before_bytes"].get<std::int64_t>() / 1024
                  << " KiB before, " << mem["resident_loaded_bytes"].get<std::int64_t>() / 1024
                  << " KiB with " << mem["server_connections_loaded"] << " connections: about "
                  << mem["bytes_per_connection"].get<std::int64_t>() / 1024
                  << " KiB a connection\n";
    }
}

std::string fmt_seconds(double seconds) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(2) << seconds << " s";
    return out.str();
}

// `--game party` has a report of its own (one room, phones, torpedoes); it printed nothing but
// an assertion before, reading the fields of the tables' report.
void print_party_report(const nlohmann::json& r) {
    const auto& storm = r.value("reconnect_storm", nlohmann::json::object());
    const auto& deliveries = r.value("deliveries", nlohmann::json::object());
    // A time of -1 in the report: not everyone got there.
    const auto took = [](double seconds) {
        return seconds < 0 ? std::string(" (not all)") : " (all in " + fmt_seconds(seconds) + ")";
    };
    std::cout << "loadtest: " << r.value("phones", 0) << " phones (party) against "
              << r.value("server", "") << "\n"
              << "  joined " << r.value("joined", 0) << took(r.value("all_joined_s", -1.0))
              << ", placed " << r.value("placed", 0) << took(r.value("all_placed_s", -1.0)) << "\n"
              << "  torpedoes fired: " << r.value("torpedoes", 0)
              << (r.value("over", false) ? ", the game is over" : ", the game is not over") << "\n"
              << "  deliveries: " << deliveries.value("received", 0) << " of "
              << deliveries.value("expected", 0) << "; host fire to phone p50 "
              << deliveries.value("p50_ms", 0.0) << " ms, p99 " << deliveries.value("p99_ms", 0.0)
              << " ms, max " << deliveries.value("max_ms", 0.0) << " ms\n"
              << "  reconnect storm: " << storm.value("served", 0) << " of "
              << storm.value("phones", 0) << " phones served"
              << took(storm.value("all_served_s", -1.0)) << "\n"
              << "  errors: " << r.value("errors", 0);
    if (!r["error_codes"].empty()) std::cout << " " << r["error_codes"].dump();
    std::cout << "\n";
    print_rooms(r);
}

void print_chaos_report(const nlohmann::json& r) {
    std::cout << "loadtest --chaos: " << r["workers"] << " workers against "
              << r["server"].get<std::string>() << " for " << r["duration_s"].get<double>()
              << " s\n"
              << "  connections: " << r["connections"] << " (at most " << r["peak_connections"]
              << " at once); frames sent: " << r["frames_sent"] << ", of them bad "
              << r["bad_frames_sent"] << "\n"
              << "  scenarios: " << r["scenarios"].dump() << "\n"
              << "  games finished: " << r["games_finished"] << ", actions acknowledged "
              << r["actions_acknowledged"] << ", checked in records "
              << r["actions_checked_in_records"] << ", repeats confirmed " << r["repeats_confirmed"]
              << "\n"
              << "  slow readers: " << r["slow_readers"].dump() << "; resets " << r["resets"]
              << "; half-open " << r["half_open"] << "; reconnects " << r["reconnects"]
              << "; storm hellos " << r["storm_hellos"] << "\n"
              << "  server memory (bytes): " << r["server_memory"].dump() << "\n"
              << "  findings: " << r["errors"] << " " << r["findings"].dump() << "\n";
    for (const auto& e : r["examples"]) std::cout << "    " << e.get<std::string>() << "\n";
}

}  // namespace

void add_loadtest_command(CLI::App& app, Runner& run) {
    auto config = std::make_shared<client::LoadtestConfig>();
    auto as_json = std::make_shared<bool>(false);
    auto chaos = std::make_shared<client::ChaosConfig>();
    auto use_chaos = std::make_shared<bool>(false);
    auto* cmd = app.add_subcommand(
        "loadtest",
        "Simulated players on a running server: connections held, actions a second, act-to-ack "
        "latency (loopback only unless --allow-remote). Every client comes from one address: "
        "run the server with --max-rooms-per-address of at least half --clients and "
        "--max-connections-per-address above --clients. When it stops (its time, Ctrl-C, an "
        "error) it ends every room it made");
    cmd->add_option("--server", config->server, "The server, e.g. http://127.0.0.1:8080")
        ->capture_default_str();
    cmd->add_option("--game", config->game,
                    "classic or salvo (pairs), royale or crew (tables of 3), mix, or party (one "
                    "open party room: a host and --clients phones that join, place, follow "
                    "every torpedo and reconnect all at once after the tenth; --think-ms is the "
                    "host's pace)")
        ->capture_default_str()
        ->check(CLI::IsMember({"classic", "salvo", "royale", "crew", "mix", "party"}));
    auto* clients =
        cmd->add_option("--clients", config->clients,
                        "Simulated players, one connection each (with --chaos: worker threads, "
                        "1 to 256, default 24, each driving one scenario of 1 to 24 connections "
                        "at a time)")
            ->capture_default_str()
            ->check(CLI::Range(1, client::kLoadtestMaxClients));
    cmd->add_option("--duration", config->duration_seconds, "Seconds the run lasts")
        ->capture_default_str()
        ->check(CLI::Range(0.1, client::kLoadtestMaxSeconds));
    cmd->add_option("--think-ms", config->think_ms,
                    "Milliseconds a player waits once it is its turn before acting")
        ->capture_default_str()
        ->check(CLI::Range(0, 60'000));
    cmd->add_option("--connects-per-second", config->connects_per_second,
                    "How fast the players connect at the start")
        ->capture_default_str()
        ->check(CLI::Range(1, 100'000));
    cmd->add_option("--threads", config->threads, "Threads running the simulated players")
        ->capture_default_str()
        ->check(CLI::Range(1, 64));
    cmd->add_option("--seed", config->seed, "Seed of the players' random moves")
        ->capture_default_str();
    cmd->add_flag("--allow-remote", config->allow_remote,
                  "Allow a server that is not on this machine (only one you run)");
    cmd->add_flag("--json", *as_json, "Print the report as one JSON object");
    cmd->add_flag("--chaos", *use_chaos,
                  "Hostile clients instead (loopback only, always): real games to the end "
                  "checked against their records, every kind of bad frame, slow readers, resets "
                  "in the middle of a frame, half-open connections, reconnect storms with old "
                  "tokens and resent action ids; exits 1 on any finding (docs/server.md, "
                  "\"Hostile clients: how it is tested\"). Run the server with raised caps: "
                  "scripts/soak shows how");
    cmd->add_option("--max-frame-bytes", chaos->max_frame_bytes,
                    "With --chaos: the server's --max-frame-bytes (its oversized frames go "
                    "beyond it)")
        ->capture_default_str()
        ->check(CLI::Range(16, 1 << 24));
    cmd->callback([&run, config, as_json, chaos, use_chaos, clients] {
        if (*use_chaos) {
            chaos->server = config->server;
            chaos->duration_seconds = config->duration_seconds;
            chaos->seed = config->seed;
            if (clients->count() > 0) chaos->workers = config->clients;
            const bool remote = config->allow_remote;
            run = [chaos, as_json, remote] {
                if (remote) {
                    throw UsageError(
                        "--chaos targets this machine only: --allow-remote is refused");
                }
                nlohmann::json report;
                try {
                    report = client::run_chaos(*chaos);
                } catch (const std::runtime_error& e) {
                    throw UsageError(e.what());
                }
                if (*as_json) {
                    std::cout << report.dump() << "\n";
                } else {
                    print_chaos_report(report);
                }
                return report["errors"].get<std::int64_t>() == 0 ? kExitOk : kExitFailure;
            };
            return;
        }
        run = [config, as_json] {
            nlohmann::json report;
            catch_interrupts();
            config->interrupt = &g_interrupted;
            try {
                report = client::run_loadtest(*config);
            } catch (const std::runtime_error& e) {
                throw UsageError(e.what());
            }
            if (*as_json) {
                std::cout << report.dump() << "\n";
            } else if (config->game == "party") {
                print_party_report(report);
            } else {
                print_report(report);
            }
            const bool clean =
                report["errors"].get<std::int64_t>() == 0 && !report.value("interrupted", false);
            return clean ? kExitOk : kExitFailure;
        };
    });
}

}  // namespace broadside::cli
