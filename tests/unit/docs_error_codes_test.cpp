// Every error code the server or the engine can send is in docs/protocol.md's error tables, with
// when it is sent: the source is searched for every code it writes, so a new code that nobody
// documented fails the suite.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <set>
#include <string>

#include "support/test_support.h"

namespace broadside::testing {
namespace {

const std::string kSource = BROADSIDE_SOURCE_DIR;

// The codes a source text writes into an error: error(r, "code", ...), error_json("code", ...),
// error_response("code", ...), refuse("code", ...), make_error("code", ...),
// RequestError{"code", ...}, x.code = "code".
std::set<std::string> codes_written(const std::string& text) {
    static const std::regex patterns[] = {
        std::regex(
            R"re(\b(?:error|error_json|error_response|refuse|make_error|illegal)\(\s*(?:r,\s*)?"([a-z_]+)")re"),
        std::regex(R"re(RequestError\{"([a-z_]+)")re"),
        std::regex(R"re(\.code = "([a-z_]+)")re"),
    };
    std::set<std::string> codes;
    for (const auto& pattern : patterns) {
        for (std::sregex_iterator it(text.begin(), text.end(), pattern), end; it != end; ++it) {
            codes.insert((*it)[1].str());
        }
    }
    return codes;
}

// The text of docs/protocol.md from `heading` to the next heading of the same or a higher level.
std::string section(const std::string& doc, const std::string& heading) {
    const auto start = doc.find("\n" + heading + "\n");
    if (start == std::string::npos) return "";
    const std::string level = heading.substr(0, heading.find(' ') + 1);  // "## " or "### "
    auto end = doc.find("\n" + level, start + heading.size() + 1);
    if (level == "### ") end = std::min(end, doc.find("\n## ", start + 1));
    return doc.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// Codes of `codes` that no table row of `table` names (as `code` at the start of a cell).
std::set<std::string> undocumented(const std::set<std::string>& codes, const std::string& table) {
    std::set<std::string> missing;
    for (const auto& code : codes) {
        const std::regex row("(^|\\n)\\|[^\\n]*`" + code + "`");
        if (!std::regex_search(table, row)) missing.insert(code);
    }
    return missing;
}

std::string joined(const std::set<std::string>& codes) {
    std::string out;
    for (const auto& c : codes) out += (out.empty() ? "" : ", ") + c;
    return out;
}

// Codes the server's own files write and which never reach a client: a bot's missing answer and
// a stored log that does not apply are logged, not sent.
const std::set<std::string> kInternal{"no_answer", "corrupt_room"};

// Codes the server passes on from the layers below it (the match and the seats): a game's
// options at `create`, a bot by name or level, and the match's refusals that keep their code.
const std::set<std::string> kFromBelow{"unknown_game",  "unknown_option", "bad_option",
                                       "unknown_bot",   "unknown_level",  "bad_seat",
                                       "not_your_turn", "game_over"};

TEST(DocsErrorCodes, TheSearchFindsCodesInEveryFormAndTheCheckNamesWhatIsMissing) {
    // The negative control: a code planted in each form is found, and one missing from a table
    // is reported.
    const auto found = codes_written(
        "error(r, \"alpha\", m); error_json(\"beta\", m); illegal(\"eta\", m); refuse(\"gamma\", "
        "m);\n"
        "make_error(\n    \"delta\", m); throw RequestError{\"epsilon\", m}; limited.code = "
        "\"zeta\";");
    EXPECT_EQ(found,
              std::set<std::string>({"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta"}));
    EXPECT_EQ(undocumented({"alpha", "beta"}, "| `alpha` | when |\nbeta in prose only\n"),
              std::set<std::string>({"beta"}));
}

TEST(DocsErrorCodes, EveryCodeTheServerSendsIsInTheServersErrorTable) {
    std::set<std::string> codes = kFromBelow;
    for (const auto& entry : std::filesystem::directory_iterator(kSource + "/src/server")) {
        const auto name = entry.path().filename().string();
        // The load generator and the WebSocket client are clients: they send no error codes.
        if (entry.path().extension() != ".cpp" || name.rfind("loadtest", 0) == 0 ||
            name.rfind("ws_client", 0) == 0) {
            continue;
        }
        for (const auto& code : codes_written(read_file(entry.path().string()))) {
            if (!kInternal.count(code)) codes.insert(code);
        }
    }
    ASSERT_GT(codes.size(), 30u);  // the search works
    const std::string doc = read_file(kSource + "/docs/protocol.md");
    const std::string table = section(doc, "### Errors from the server");
    ASSERT_FALSE(table.empty()) << "docs/protocol.md has no \"### Errors from the server\"";
    EXPECT_EQ(joined(undocumented(codes, table)), "")
        << "error codes the server sends that docs/protocol.md's server table does not name";
}

TEST(DocsErrorCodes, EveryCodeTheEngineSendsIsInTheEnginesErrorTable) {
    // From the match layer: a game's options at `create`, a seat, the turn, the end, the rules,
    // and the record before the end.
    std::set<std::string> codes{"unknown_game",   "unknown_option", "bad_option",
                                "bad_seat",       "not_your_turn",  "game_over",
                                "illegal_action", "match_not_over"};
    for (const auto& code : codes_written(read_file(kSource + "/src/protocol/engine.cpp"))) {
        codes.insert(code);
    }
    const std::string doc = read_file(kSource + "/docs/protocol.md");
    const std::string table = section(doc, "## Errors");
    ASSERT_FALSE(table.empty());
    EXPECT_EQ(joined(undocumented(codes, table)), "")
        << "error codes the engine sends that docs/protocol.md's error table does not name";
}

// Every way a game refuses an action: the codes of src/games and src/core, each a `reason` of
// `illegal_action` (or a code of its own: a seat, the turn, the end, an option) in the table.
TEST(DocsErrorCodes, EveryReasonAGameGivesIsInTheEnginesErrorTable) {
    // Not answers to an action: a deck that fails is reported as `bad_option` "deck", and dice
    // given by hand belong to the solver and the dice sheet.
    const std::set<std::string> not_reasons{"bad_deck", "bad_dice"};
    std::set<std::string> codes;
    for (const char* dir : {"/src/games", "/src/core"}) {
        for (const auto& entry : std::filesystem::recursive_directory_iterator(kSource + dir)) {
            const auto ext = entry.path().extension();
            if (ext != ".cpp" && ext != ".h") continue;
            for (const auto& code : codes_written(read_file(entry.path().string()))) {
                if (!not_reasons.count(code)) codes.insert(code);
            }
        }
    }
    ASSERT_GT(codes.size(), 40u);  // the search works
    const std::string table = section(read_file(kSource + "/docs/protocol.md"), "## Errors");
    EXPECT_EQ(joined(undocumented(codes, table)), "")
        << "codes a game refuses actions with that docs/protocol.md's error table does not name";
}

}  // namespace
}  // namespace broadside::testing
