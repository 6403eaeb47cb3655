#include "protocol/referee.h"

#include <algorithm>
#include <stdexcept>

namespace broadside::protocol {

namespace {

std::vector<int> everyone_but(int seat, int seats) {
    std::vector<int> others;
    for (int s = 0; s < seats; ++s)
        if (s != seat) others.push_back(s);
    return others;
}

}  // namespace

RefereeOutcome referee_match(const RefereeConfig& config, std::uint64_t seed,
                             const std::vector<Agent*>& agents, const std::vector<Agent*>& fallback,
                             const std::string& match_id) {
    auto created = Match::create(config.game, config.options, seed);
    if (!created) throw std::invalid_argument(created.error().message);
    Match match = std::move(*created);
    if (static_cast<int>(agents.size()) != match.seat_count()) {
        throw std::invalid_argument(config.game + " needs " + std::to_string(match.seat_count()) +
                                    " seats; got " + std::to_string(agents.size()) + ".");
    }
    RefereeOutcome outcome;
    std::vector<std::int64_t> seen(agents.size(), 0);
    for (std::size_t s = 0; s < agents.size(); ++s) {
        agents[s]->start(match, static_cast<int>(s), match_id);
    }
    int actions = 0;
    while (!match.is_over() && !outcome.forfeited) {
        if (++actions > config.max_actions) {
            throw std::runtime_error("match " + match_id + " exceeded " +
                                     std::to_string(config.max_actions) + " actions");
        }
        // Seats that act at the same time (simultaneous placement) are asked in seat order.
        const int seat = match.seats_to_act().front();
        Agent& agent = *agents[static_cast<std::size_t>(seat)];
        // The agent is sent every event after the last one its previous request carried, so the
        // events of its own last action (what its shot hit, the dice it threw) reach it too.
        const std::int64_t since = seen[static_cast<std::size_t>(seat)];
        seen[static_cast<std::size_t>(seat)] = match.last_event_number();
        Reply reply = agent.act(match, seat, since, config.move_ms);
        if (!reply.fault) {
            auto applied = match.act(seat, reply.action);
            if (!applied) {
                agent.rejected(applied.error());
                reply.fault =
                    Fault{"illegal", applied.error().code + ": " + applied.error().message};
            }
        }
        if (reply.fault) {
            outcome.faults.push_back({seat, *reply.fault});
            if (config.policy == FaultPolicy::kForfeit) {
                outcome.forfeited = true;
                outcome.winners = everyone_but(seat, match.seat_count());
                break;
            }
            Reply fallback_reply =
                fallback[static_cast<std::size_t>(seat)]->act(match, seat, 0, config.move_ms);
            auto applied = match.act(seat, fallback_reply.action);
            if (!applied) {
                throw std::logic_error("the fallback agent's action was rejected: " +
                                       applied.error().message);
            }
        }
    }
    if (!outcome.forfeited) {
        outcome.result = match.result();
        // One "winner", or (games with shared wins, such as the party game) a "winners" list.
        const auto& winner = outcome.result["winner"];
        if (winner.is_number_integer()) outcome.winners = {winner.get<int>()};
        // Replaces the single winner (a game may report both forms; Battleship Royale does).
        if (outcome.result.contains("winners") && outcome.result["winners"].is_array()) {
            outcome.winners.clear();
            for (const auto& w : outcome.result["winners"]) {
                if (w.is_number_integer()) outcome.winners.push_back(w.get<int>());
            }
        }
    }
    outcome.record = match.record_unchecked();
    outcome.record["forfeit"] = outcome.forfeited;
    if (!outcome.faults.empty()) {
        nlohmann::json faults = nlohmann::json::array();
        for (const auto& f : outcome.faults) {
            faults.push_back(
                {{"seat", f.seat}, {"kind", f.fault.kind}, {"detail", f.fault.detail}});
        }
        outcome.record["faults"] = faults;
    }
    // What each agent is told: the match's result, or who forfeited it and who won.
    nlohmann::json told = outcome.result;
    if (outcome.forfeited) {
        told = {
            {"forfeit", true}, {"seat", outcome.faults.back().seat}, {"winners", outcome.winners}};
    }
    for (std::size_t s = 0; s < agents.size(); ++s) {
        agents[s]->end(match, static_cast<int>(s), match_id, told);
    }
    return outcome;
}

}  // namespace broadside::protocol
