// `broadside join`'s Royale screens: play's screen (the shared grid beside this seat's cards and
// the table of players), its sentences and its help, from the seat's observation as the server
// sends it; a watcher gets the public view, which has no hand.
#include "cli/join_front.h"
#include "cli/play_input.h"
#include "client/random_action.h"

namespace broadside::cli {

namespace {

using nlohmann::json;

class RoyaleJoinFront : public JoinFront {
public:
    std::vector<std::string> header(const JoinView& view) const override {
        return {"royale " + view.observation.value("mode", std::string("standard"))};
    }

    std::string body(const JoinView& view) const override {
        if (!view.observation.contains("board")) return "";
        return render_royale(view.observation, view.names, view.style);
    }

    std::vector<std::string> narrate(const json& event, const JoinView& view) const override {
        const std::string line = narrate_royale(event, view.names);
        if (line.empty()) return {};
        return {line};
    }

    // As play asks: the moves open now, in brackets.
    std::string prompt(const JoinView& view) const override {
        std::string can;
        for (const auto& a : view.legal.value("actions", json::array())) {
            can += (can.empty() ? "" : ", ") + a.value("type", std::string());
        }
        return "[" + can + "] > ";
    }

    std::string help(const JoinView& view) const override {
        return royale_help(view.observation, view.legal);
    }

    JoinInput read(const std::string& line, const JoinView& view, Rng& rng) override {
        const std::string text = trim(line);
        if (lower(text) == "auto") {
            return {client::random_action(view.legal, view.seat, rng, "royale"), "", false};
        }
        auto action = royale_command_action(text, view.observation);
        if (!action) return {std::nullopt, action.error().message, false};
        return {*action, "", false};
    }

    std::string reveal(const json& record, const JoinView& view) const override {
        const json& reveal = record.value("reveal", json());
        if (!reveal.is_object() || !reveal.contains("hands")) return "";
        std::string text = "The hands were:\n";
        const auto& hands = reveal["hands"];
        const auto ids = [](const json& cards) {
            std::string out;
            for (const auto& c : cards) out += (out.empty() ? "" : " ") + c.get<std::string>();
            return out.empty() ? std::string("nothing") : out;
        };
        for (std::size_t s = 0; s < hands.size(); ++s) {
            text += "  " + view.names.who(static_cast<int>(s)) + " kept " + ids(hands[s]["kept"]) +
                    "; discarded " + ids(hands[s]["discarded"]) + "\n";
        }
        return text;
    }
};

}  // namespace

std::unique_ptr<JoinFront> make_royale_join_front() {
    return std::make_unique<RoyaleJoinFront>();
}

}  // namespace broadside::cli
