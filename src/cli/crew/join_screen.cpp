// `broadside join`'s Ship, Captain and Crew screens: play's dice screen (the header with whose
// turn and the round, the totals, the news, then the throws left and the dice held or the
// crew's two dice) and play's words (Enter or t throws, s stops, k N keeps), drawn from the
// seat's observation as the server sends it.
#include <sstream>

#include "cli/crew/render.h"
#include "cli/join_front.h"
#include "cli/play_input.h"
#include "client/random_action.h"

namespace broadside::cli {

namespace {

using nlohmann::json;

class CrewJoinFront : public JoinFront {
public:
    std::vector<std::string> header(const JoinView& view) const override {
        const json& obs = view.observation;
        std::vector<std::string> parts{"Ship, Captain and Crew"};
        if (obs.contains("to_move") && obs["to_move"].is_number_integer()) {
            const int mover = obs["to_move"].get<int>();
            parts.push_back(mover == view.seat ? std::string("your turn")
                                               : view.name_of(mover) + "'s turn");
        }
        if (obs.contains("round")) parts.push_back("round " + obs["round"].dump());
        return parts;
    }

    std::string body(const JoinView& view) const override {
        totals_ = view.observation.value("totals", std::vector<int>{});
        std::string totals = "Totals:";
        const auto values = view.observation.value("totals", std::vector<int>{});
        for (std::size_t s = 0; s < values.size(); ++s) {
            const int seat = static_cast<int>(s);
            totals += (s ? ", " : " ") +
                      (seat == view.seat ? std::string("You") : view.name_of(seat)) + " " +
                      std::to_string(values[s]);
        }
        std::string text;
        for (const auto& line : wrap(totals, 76)) text += "  " + line + "\n";
        return text;
    }

    // Under the news, as in play: the throws left and what is held, or the crew's two dice.
    std::string below(const JoinView& view) const override {
        const json& obs = view.observation;
        if (!obs.contains("turn") || !obs["turn"].is_object()) return "";
        const json& t = obs["turn"];
        const int left = t.value("throws_left", 0);
        std::ostringstream out;
        out << "\n  "
            << (t["seat"].get<int>() == view.seat ? "" : view.name_of(t["seat"].get<int>()) + ": ")
            << left << (left == 1 ? " throw" : " throws") << " left. ";
        const auto& held = t.value("held", json::array());
        if (t.contains("crew") && t["crew"].is_array()) {
            out << "Ship, captain and mate held; the crew:\n"
                << render_dice(t["crew"].get<std::vector<int>>());
        } else {
            out << "Holding: ";
            if (held.empty()) out << "nothing";
            for (std::size_t i = 0; i < held.size(); ++i) {
                out << (i ? ", " : "") << held[i].get<std::string>();
            }
            out << ".\n";
        }
        return out.str();
    }

    std::vector<std::string> narrate(const json& event, const JoinView& view) const override {
        // The seat's own moves read "You threw ...", "You score ...", as in play.
        auto names = view.names.names;
        if (view.seat >= 0 && view.seat < static_cast<int>(names.size())) {
            names[static_cast<std::size_t>(view.seat)] = "You";
        }
        // The running totals as of this event (the observation is from before the burst): a
        // round's end reads the totals its turns made.
        if (totals_.empty()) totals_ = view.observation.value("totals", std::vector<int>{});
        if (event.value("type", "") == "turn_over" && event.contains("total")) {
            const int seat = event.value("seat", -1);
            if (seat >= 0 && seat < static_cast<int>(totals_.size())) {
                totals_[static_cast<std::size_t>(seat)] = event["total"].get<int>();
            }
        }
        return crew_event_words(event, names, view.seat, totals_);
    }

    std::string prompt(const JoinView& view) const override {
        const json& legal = view.legal;
        if (!legal.contains("crew") || !legal["crew"].is_array()) {
            return "Enter throws the " +
                   std::to_string(5 - static_cast<int>(legal.value("held", json::array()).size())) +
                   " dice (help for more) > ";
        }
        const auto crew = legal["crew"].get<std::vector<int>>();
        std::string text = "s stops with " + std::to_string(crew[0] + crew[1]);
        if (has(legal, [](const json& c) {
                return c.value("type", "") == "throw" && !c.contains("keep");
            })) {
            text += "; t throws both";
        }
        if (has(legal, [](const json& c) { return c.contains("keep"); }))
            text += "; k N keeps the N";
        return text + " > ";
    }

    std::string help(const JoinView& view) const override {
        const json& legal = view.legal;
        std::string text = "  Commands now:\n";
        if (!legal.contains("crew") || !legal["crew"].is_array()) {
            text += "    Enter, t, throw     throw the dice\n";
        } else {
            const auto crew = legal["crew"].get<std::vector<int>>();
            text += "    s, stop             stop and score the crew, " +
                    std::to_string(crew[0] + crew[1]) + "\n";
            text += "    t, throw            throw both crew dice again\n";
            text += "    k N, keep N         keep the N and throw the other\n";
        }
        return text +
               "    auto                a move at random\n"
               "    board               draw the screen again\n";
    }

    JoinInput read(const std::string& line, const JoinView& view, Rng& rng) override {
        const json& choices = view.legal.value("choices", json::array());
        std::istringstream words(lower(trim(line)));
        std::string word;
        words >> word;
        json wanted;
        if (word == "auto")
            return {client::random_action(view.legal, view.seat, rng, "crew"), "", false};
        if (word.empty() || word == "t" || word == "throw") {
            wanted = {{"type", "throw"}};
        } else if (word == "s" || word == "stop") {
            wanted = {{"type", "stop"}};
        } else if (int face = 0; (word == "k" || word == "keep") && (words >> face)) {
            wanted = {{"type", "throw"}, {"keep", {face}}};
        } else {
            return {std::nullopt,
                    "I did not understand \"" + trim(line) + "\"; help lists the commands.", false};
        }
        for (const auto& c : choices) {
            if (c == wanted) return {c, "", false};
        }
        if (wanted.value("type", "") == "stop") {
            return {std::nullopt,
                    "Nothing to stop yet: you stop once the ship, captain and mate are held.",
                    false};
        }
        return {std::nullopt, "That is not a move now; help lists the commands.", false};
    }

    // play's `tally`: the sheet, rounds down and seats across.
    std::string look(const std::string& word, const JoinView& view) const override {
        if (word != "tally" || !view.observation.contains("tally")) return "";
        return render_tally(view.observation, view.names.names);
    }

    std::string reveal(const json&, const JoinView&) const override { return ""; }

private:
    mutable std::vector<int> totals_;  // the running totals, as the events tell them

    template <typename Pred>
    static bool has(const json& legal, Pred pred) {
        for (const auto& c : legal.value("choices", json::array())) {
            if (pred(c)) return true;
        }
        return false;
    }
};

}  // namespace

std::unique_ptr<JoinFront> make_crew_join_front() {
    return std::make_unique<CrewJoinFront>();
}

}  // namespace broadside::cli
