// Replays the `server` example blocks of docs/server.md against a real `broadside serve`: each
// "# NAME connects to PATH" opens a connection, "NAME> {...}" is sent on it, and "NAME< {...}" is
// the next answer of that type (and id) on it, matched field by field (see json_match.h).
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <memory>
#include <regex>

#include "client/ws_client.h"
#include "support/json_match.h"
#include "support/server_process.h"
#include "support/test_support.h"

namespace broadside::testing {
namespace {

using nlohmann::json;

struct Line {
    int number = 0;
    std::string text;
};

std::vector<std::vector<Line>> server_blocks() {
    std::ifstream in(std::string(BROADSIDE_SOURCE_DIR) + "/docs/server.md");
    std::vector<std::vector<Line>> blocks;
    bool inside = false;
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (!inside && line == "```server") {
            inside = true;
            blocks.emplace_back();
        } else if (inside && line == "```") {
            inside = false;
        } else if (inside && !line.empty()) {
            blocks.back().push_back({number, line});
        }
    }
    return blocks;
}

TEST(ServerDoc, EveryExampleConversationHappensAsDocumented) {
    const auto blocks = server_blocks();
    ASSERT_GE(blocks.size(), 1u);
    const std::regex connect(R"(# (\w+) connects to (\S+))");
    const std::regex said(R"((\w+)([<>]) (.*))");
    for (const auto& block : blocks) {
        ServerProcess server(temp_dir());
        std::map<std::string, std::unique_ptr<client::WsClient>> clients;
        std::map<std::string, json> bindings;
        for (const auto& line : block) {
            SCOPED_TRACE("docs/server.md line " + std::to_string(line.number));
            std::smatch m;
            const std::string text = substitute(line.text, bindings);
            if (std::regex_match(text, m, connect)) {
                clients[m[1]] =
                    std::make_unique<client::WsClient>("127.0.0.1", server.port(), m[2]);
                continue;
            }
            ASSERT_TRUE(std::regex_match(text, m, said)) << "not an example line: " << line.text;
            ASSERT_TRUE(clients.count(m[1])) << m[1] << " has not connected";
            auto& client = *clients[m[1]];
            if (m[2] == ">") {
                ASSERT_FALSE(json::parse(m[3].str(), nullptr, false).is_discarded()) << m[3];
                client.send(m[3]);
                continue;
            }
            // The answer: the documented one is the next message of its type (and id).
            const json expected = json::parse(text.substr(text.find("< ") + 2));
            json actual;
            while (auto received = client.receive(std::chrono::seconds(10))) {
                auto message = json::parse(*received, nullptr, false);
                if (message.value("type", "") == "error") ADD_FAILURE() << *received;
                if (message.value("type", "") != expected.value("type", "")) continue;
                if (expected.contains("id") && message.value("id", json()) != expected["id"]) {
                    continue;
                }
                actual = message;
                break;
            }
            ASSERT_FALSE(actual.is_null()) << "no answer like " << line.text;
            std::string where = "answer";
            EXPECT_TRUE(json_matches(expected, actual, where, &bindings))
                << where << " differs:\n  documented " << line.text << "\n  received   "
                << actual.dump();
        }
        EXPECT_EQ(server.terminate(), 0);
    }
}

}  // namespace
}  // namespace broadside::testing
