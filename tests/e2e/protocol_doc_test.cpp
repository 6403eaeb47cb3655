// Runs every `protocol` example block of docs/protocol.md against the real `broadside engine`:
// each block is a fresh engine; `>` lines are sent, `<` lines are the expected answers.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

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

// Every field of `expected` is in `actual` with a matching value; arrays match element-wise
// and must have the same length.
bool matches(const json& expected, const json& actual, std::string& where) {
    if (expected.is_object()) {
        if (!actual.is_object()) return where += " (not an object)", false;
        for (const auto& [key, value] : expected.items()) {
            if (!actual.contains(key)) return where += "." + key + " (missing)", false;
            std::string inner = where + "." + key;
            if (!matches(value, actual[key], inner)) return where = inner, false;
        }
        return true;
    }
    if (expected.is_array()) {
        if (!actual.is_array() || actual.size() != expected.size()) {
            return where += " (array length)", false;
        }
        for (std::size_t i = 0; i < expected.size(); ++i) {
            std::string inner = where + "[" + std::to_string(i) + "]";
            if (!matches(expected[i], actual[i], inner)) return where = inner, false;
        }
        return true;
    }
    return expected == actual;
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
        }
    }
}

}  // namespace
