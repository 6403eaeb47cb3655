// Runs every `protocol` example block of docs/protocol.md against the real `broadside engine`:
// each block is a fresh engine; `>` lines are sent, `<` lines are the expected answers.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "match/registry.h"
#include "protocol/raw_id.h"
#include "seats/bot_registry.h"
#include "seats/builtin_agent.h"
#include "support/json_match.h"
#include "support/test_support.h"

namespace {

using nlohmann::json;

struct Block {
    int first_line = 0;
    std::vector<std::string> requests;
    std::vector<std::string> expected;
};

std::vector<Block> protocol_blocks() {
    std::ifstream in(std::string(BROADSIDE_SOURCE_DIR) + "/docs/protocol.md");
    std::vector<Block> blocks;
    bool inside = false;
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (!inside && line == "```protocol") {
            inside = true;
            blocks.push_back({number + 1, {}, {}});
        } else if (inside && line == "```") {
            inside = false;
        } else if (inside && line.rfind("> ", 0) == 0) {
            blocks.back().requests.push_back(line.substr(2));
        } else if (inside && line.rfind("< ", 0) == 0) {
            blocks.back().expected.push_back(line.substr(2));
        }
    }
    return blocks;
}

bool matches(const json& expected, const json& actual, std::string& where) {
    return broadside::testing::json_matches(expected, actual, where);
}

TEST(ProtocolDoc, HasExampleBlocks) {
    EXPECT_GE(protocol_blocks().size(), 3U);
}

TEST(ProtocolDoc, EveryExampleAnswersAsDocumented) {
    for (const auto& block : protocol_blocks()) {
        SCOPED_TRACE("docs/protocol.md block starting at line " + std::to_string(block.first_line));
        ASSERT_EQ(block.requests.size(), block.expected.size())
            << "every request in the document needs its answer";
        std::string input;
        for (const auto& r : block.requests) input += r + "\n";
        const auto run = broadside::testing::run_broadside({"engine"}, input);
        ASSERT_EQ(run.exit_code, 0) << run.err;
        std::istringstream out(run.out);
        std::vector<std::string> answers;
        for (std::string line; std::getline(out, line);) answers.push_back(line);
        ASSERT_EQ(answers.size(), block.requests.size()) << "one answer per request";
        for (std::size_t i = 0; i < answers.size(); ++i) {
            const json expected = json::parse(block.expected[i]);
            const json actual = json::parse(answers[i]);
            std::string where = "response";
            EXPECT_TRUE(matches(expected, actual, where))
                << "request: " << block.requests[i] << "\nmismatch at " << where
                << "\nexpected (subset): " << expected.dump() << "\nactual: " << actual.dump();
            // An id comes back as the very text that was sent (not merely an equal value).
            if (const auto sent = broadside::protocol::find_raw_id(block.requests[i])) {
                EXPECT_EQ(broadside::protocol::find_raw_id(answers[i]), sent)
                    << "request: " << block.requests[i] << "\nanswer: " << answers[i];
            }
        }
    }
}

// The "Built-in bots" table of the bot side names, for each game, exactly the bots the registry
// offers (src/seats/bot_registry.cpp), and each of them is a working referee seat.
TEST(ProtocolDoc, TheBuiltInBotsTableListsEveryBotOfEveryGame) {
    std::ifstream in(std::string(BROADSIDE_SOURCE_DIR) + "/docs/protocol.md");
    std::vector<std::string> rows;
    bool inside = false;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("**Built-in bots**", 0) == 0) inside = true;
        if (inside && line.rfind("| ", 0) == 0) rows.push_back(line);
        if (inside && !rows.empty() && line.empty()) break;
    }
    ASSERT_FALSE(rows.empty()) << "docs/protocol.md has no built-in bots table";
    const std::regex bot_name("builtin:([a-z0-9-]+)");
    for (const auto& game : broadside::game_registry()) {
        SCOPED_TRACE("game " + game.name);
        const std::vector<broadside::seats::BotInfo>& registry =
            broadside::seats::bots_for(game.name);
        ASSERT_FALSE(registry.empty());
        // The row whose first cell names the game ("classic, salvo" names both).
        const std::string* row = nullptr;
        for (const auto& r : rows) {
            const std::string first = r.substr(2, r.find(" |", 2) - 2);
            std::istringstream names(first);
            for (std::string name; std::getline(names, name, ',');) {
                name.erase(0, name.find_first_not_of(' '));
                if (name == game.name) row = &r;
            }
        }
        ASSERT_NE(row, nullptr) << "no row for " << game.name;
        std::set<std::string> documented;
        for (std::sregex_iterator it(row->begin(), row->end(), bot_name), end; it != end; ++it) {
            documented.insert((*it)[1].str());
        }
        std::set<std::string> offered;
        for (const auto& bot : registry) {
            offered.insert(bot.name);
            EXPECT_TRUE(broadside::seats::make_builtin_agent(game.name, bot.name).ok())
                << "builtin:" << bot.name;
        }
        EXPECT_EQ(documented, offered);
    }
}

}  // namespace
