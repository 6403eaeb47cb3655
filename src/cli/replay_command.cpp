// `broadside replay FILE`: re-runs saved records and fails loudly if any event differs.
#include <algorithm>
#include <cctype>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string_view>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/console.h"
#include "cli/replay_show.h"
#include "cli/seat_names.h"
#include "match/fairness.h"
#include "match/match.h"

namespace broadside::cli {

namespace {

// Hex digests compared without regard to case (a player may copy either).
bool same_hex(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

std::string seat_list(const nlohmann::json& seats, const std::vector<std::string>& names) {
    std::string text;
    for (std::size_t i = 0; i < seats.size(); ++i) {
        if (i > 0) text += i + 1 == seats.size() ? " and " : ", ";
        const int seat = seats[i].get<int>();
        text += seat >= 0 && seat < static_cast<int>(names.size())
                    ? names[static_cast<std::size_t>(seat)]
                    : "seat " + std::to_string(seat);
    }
    return text;
}

// A game's result in words, for people: who won (by the names the game was played with) and,
// where the result says, after how many turns (every player's turns, as `play` counts them).
std::string describe_result(const nlohmann::json& result, const std::vector<std::string>& names) {
    std::string text;
    if (result.contains("winner") && result["winner"].is_number_integer()) {
        text = seat_list(nlohmann::json::array({result["winner"]}), names) + " won";
    } else if (result.contains("winners") && result["winners"].is_array() &&
               !result["winners"].empty()) {
        const auto& w = result["winners"];
        text = seat_list(w, names) + (w.size() == 1 ? " won" : " shared the win");
    } else {
        text = "a draw";
    }
    const auto count = [&](const char* key, const char* one, const char* many) {
        if (!result.contains(key) || !result[key].is_number_integer()) return;
        const int n = result[key].get<int>();
        text += " after " + std::to_string(n) + " " + (n == 1 ? one : many);
    };
    count("turns", "turn", "turns");
    count("torpedoes", "torpedo", "torpedoes");
    return text;
}

// The records of a file: one record (any layout) or many, one JSON object per line (as
// `sim --save`). Throws std::runtime_error saying what is wrong.
std::vector<nlohmann::json> read_records(const std::string& path) {
    // A file named on the command line that cannot be read is bad usage (exit 2), as for
    // --resume and --deck; a file that reads but does not replay is a failure (exit 1).
    const std::string text = read_input_file(path, "cannot read ");
    std::vector<nlohmann::json> records;
    auto whole = nlohmann::json::parse(text, nullptr, false);
    if (!whole.is_discarded()) {
        records.push_back(std::move(whole));
    } else {
        std::istringstream lines(text);
        long line_number = 0;
        for (std::string line; std::getline(lines, line);) {
            ++line_number;
            if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
            auto j = nlohmann::json::parse(line, nullptr, false);
            if (j.is_discarded()) {
                throw std::runtime_error(path + " line " + std::to_string(line_number) +
                                         " is not valid JSON");
            }
            records.push_back(std::move(j));
        }
    }
    if (records.empty()) throw std::runtime_error(path + " holds no record");
    return records;
}

int run_replay(const std::string& path, bool quiet) {
    const auto records = read_records(path);
    long index = 0;
    for (const auto& record : records) {
        ++index;
        auto m = replay(record);
        if (!m) {
            std::cerr << "error: record " << index << ": " << m.error().message << " ["
                      << m.error().code << "]\n";
            return kExitFailure;
        }
        if (!quiet) {
            std::cout << "record " << index << ": " << m->game() << ", seed " << m->seed() << ", "
                      << m->last_event_number() << " events replayed identically";
            if (m->is_over()) {
                std::cout << "; "
                          << describe_result(m->result(),
                                             record_seat_names(record, m->seat_count()));
            }
            std::cout << "\n";
        }
    }
    std::cout << records.size() << " record(s) replayed, all events identical\n";
    return kExitOk;
}

// `--verify`: a record downloaded from `broadside serve` is checked against the server's promise:
// the revealed server seed hashes to the commitment published before play, the match seed is the
// one derived from that server seed and every player's nonce, and every draw re-runs from it.
// Each failed check is named; nothing is taken on trust from the record's own "seed" field.
int verify_records(const std::string& path, const std::string& commitment_seen) {
    const auto records = read_records(path);
    long index = 0;
    int failures = 0;
    for (const auto& record : records) {
        ++index;
        const std::string where = "record " + std::to_string(index) + ": ";
        auto fail = [&](const std::string& why) {
            std::cout << where << "FAILED: " << why << "\n";
            ++failures;
        };
        const auto* fairness =
            record.is_object() && record.contains("fairness") && record["fairness"].is_object()
                ? &record["fairness"]
                : nullptr;
        if (fairness == nullptr || !fairness->contains("server_seed") ||
            !fairness->contains("commitment") || !fairness->contains("nonces") ||
            !(*fairness)["server_seed"].is_string() || !(*fairness)["commitment"].is_string() ||
            !(*fairness)["nonces"].is_array()) {
            fail(
                "no \"fairness\" section with server_seed, commitment and nonces (only records "
                "downloaded from 'broadside serve' carry one)");
            continue;
        }
        const std::string server_seed = (*fairness)["server_seed"];
        const std::string commitment = (*fairness)["commitment"];
        std::vector<std::string> nonces;
        bool nonces_ok = true;
        for (const auto& n : (*fairness)["nonces"]) {
            if (!n.is_string())
                nonces_ok = false;
            else
                nonces.push_back(n.get<std::string>());
        }
        if (!nonces_ok) {
            fail("the nonces are not all strings");
            continue;
        }
        bool ok = true;
        if (match::sha256_hex(server_seed) != commitment) {
            fail("SHA-256 of the revealed server seed is " + match::sha256_hex(server_seed) +
                 ", not the commitment " + commitment);
            ok = false;
        }
        if (!commitment_seen.empty() && !same_hex(commitment_seen, commitment)) {
            fail("the record's commitment " + commitment + " is not the one you saw before play (" +
                 commitment_seen + ")");
            ok = false;
        }
        const std::string derived = std::to_string(match::derive_seed(server_seed, nonces));
        const std::string recorded =
            record.contains("seed")
                ? (record["seed"].is_string() ? record["seed"].get<std::string>()
                                              : record["seed"].dump())
                : std::string("none");
        if (derived != recorded) {
            fail("the seed derived from the server seed and the nonces is " + derived +
                 ", but the game was played with " + recorded);
            ok = false;
        }
        auto m = replay(record);
        if (!m) {
            fail("the draws do not re-run: " + m.error().message + " [" + m.error().code + "]");
            ok = false;
        }
        if (ok) {
            std::cout << where << "verified: SHA-256(server seed) = the commitment"
                      << (commitment_seen.empty() ? "" : " you saw") << "; seed " << derived
                      << " = derived from it and " << nonces.size() << " nonce"
                      << (nonces.size() == 1 ? "" : "s") << "; " << m->last_event_number()
                      << " events re-ran identically\n";
        }
    }
    if (failures > 0) {
        std::cout << failures << " check(s) failed\n";
        return kExitFailure;
    }
    std::cout << records.size()
              << " record(s) verified. This proves the server chose its seed before it saw the "
                 "players' nonces and that every die, deal and draw followed from the seed and "
                 "the nonces; it does not prove the server kept the seed secret from anyone "
                 "during play.\n";
    if (commitment_seen.empty()) {
        std::cout << "(Pass --commitment HEX with the commitment your client showed before the "
                     "game, or the record could have been rewritten with a matching one.)\n";
    }
    return kExitOk;
}

// `--show`: one record, stepped through with the screens of `play`.
int show_replay(const std::string& path, long which, bool all, bool no_colour) {
    const auto records = read_records(path);
    if (which < 1 || which > static_cast<long>(records.size())) {
        throw UsageError("--record " + std::to_string(which) + ": " + path + " holds " +
                         std::to_string(records.size()) + " record" +
                         (records.size() == 1 ? "" : "s") + ".");
    }
    const auto& record = records[static_cast<std::size_t>(which - 1)];
    // Checked first, so a front end only ever shows a record whose every event re-runs.
    auto m = replay(record);
    if (!m) {
        std::cerr << "error: record " << which << ": " << m.error().message << " ["
                  << m.error().code << "]\n";
        return kExitFailure;
    }
    Console console(std::cin, std::cout, detect_terminal(no_colour));
    const std::string& game = m->game();
    if (game == "classic" || game == "salvo") return show_classic_replay(record, console, all);
    if (game == "royale") return show_royale_replay(record, console, all);
    if (game == "crew") return show_crew_replay(record, console, all);
    if (game == "party") return show_party_replay(record, console, all);
    throw UsageError("replay --show cannot show " + game + " games.");
}

}  // namespace

void add_replay_command(CLI::App& app, Runner& run) {
    auto path = std::make_shared<std::string>();
    auto quiet = std::make_shared<bool>(false);
    auto* cmd = app.add_subcommand("replay", "Re-run saved records and check every event");
    cmd->add_option("file", *path, "A record saved by play --save or sim --save")->required();
    cmd->add_flag("--quiet", *quiet, "Only print the total");
    auto show = std::make_shared<bool>(false);
    auto all = std::make_shared<bool>(false);
    auto no_colour = std::make_shared<bool>(false);
    auto which = std::make_shared<long>(1);
    cmd->add_flag("--show", *show,
                  "Step through the game move by move with the screens of 'play' (Enter for the "
                  "next move); every seat's board is shown once the game is over");
    cmd->add_flag("--all", *all, "With --show: print every step without waiting for Enter");
    cmd->add_option("--record", *which,
                    "With --show: which record of the file to show (1 = the first)")
        ->capture_default_str();
    cmd->add_flag("--no-color", *no_colour, "With --show: no colour");
    auto verify = std::make_shared<bool>(false);
    auto commitment = std::make_shared<std::string>();
    cmd->add_flag("--verify", *verify,
                  "Check a record downloaded from 'broadside serve': the revealed server seed "
                  "matches the commitment published before play, the match seed is derived from "
                  "it and every player's nonce, and every draw re-runs");
    cmd->add_option("--commitment", *commitment,
                    "With --verify: the commitment (SHA-256, hex) your client showed before play");
    cmd->callback([path, quiet, show, all, which, no_colour, verify, commitment, &run] {
        run = [=] {
            if (!*show && (*all || *which != 1)) {
                throw UsageError("--all and --record go with --show.");
            }
            if (!*verify && !commitment->empty()) {
                throw UsageError("--commitment goes with --verify.");
            }
            if (*verify && *show) throw UsageError("--verify and --show are separate runs.");
            if (*verify) return verify_records(*path, *commitment);
            // A file that cannot be read is bad usage (exit 2); one that does not replay is a
            // failure (exit 1), reported by main.
            return *show ? show_replay(*path, *which, *all, *no_colour) : run_replay(*path, *quiet);
        };
    });
}

}  // namespace broadside::cli
