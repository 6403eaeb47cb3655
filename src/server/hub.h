#pragma once
// The lobby: every room by code, creating rooms (with the creator's seat and bots), the
// open-rooms list, quick match ("play anyone" pairs two waiting people for classic or Salvo),
// expiry of rooms nobody touches, and the restart that rebuilds every room from storage.
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include <nlohmann/json.hpp>

#include "server/room.h"

namespace broadside::server {

struct HubLimits {
    int max_rooms = 100'000;
    std::int64_t room_ttl_ms = 24LL * 3600 * 1000;  // rooms nobody touched for this long expire
    int max_open_rooms_per_address = 50;  // rooms one address created that are not over yet
};

class Hub final : public RoomDirectory {
public:
    Hub(RoomServices& services, Storage& storage, HubLimits limits);

    // Rebuilds every unexpired room from storage; returns how many.
    std::size_t restore();
    std::shared_ptr<Room> find(const std::string& code) const;

    // Lobby requests (a connection to /ws): create, rooms, quick, games. `done` gets the
    // response once it may be sent (after the commit that makes the room durable).
    void lobby(std::shared_ptr<Peer> peer, const nlohmann::json& request,
               std::function<void(nlohmann::json)> done);
    // A lobby connection closed (it leaves the quick-match queue).
    void forget(const Peer* peer);

    // Refuses new rooms from now on (the server is draining).
    void stop_creating() { draining_ = true; }
    void shut_down_rooms(const std::string& reason);
    // Lets go of every room (at exit, before the network context goes).
    void forget_rooms();
    // Rooms untouched for the TTL and with nobody connected leave memory (their records stay).
    void expire_idle();
    std::map<std::string, int> rooms_by_game() const;
    // A finished game's record, from its live room (which may not have stored it yet) or from
    // storage; null when there is none. `done` runs on the room's strand or at once.
    void record(const std::string& code, std::function<void(nlohmann::json)> done) const;

private:
    void lobby_checked(std::shared_ptr<Peer> peer, const nlohmann::json& request,
                       std::function<void(nlohmann::json)> done);
    Result<std::shared_ptr<Room>> make_room(const std::string& game, const nlohmann::json& options,
                                            const nlohmann::json& settings, WriteBatch& batch);
    // RoomDirectory, for a room's rematch.
    Result<std::shared_ptr<Room>> new_room(const std::string& game, const nlohmann::json& options,
                                           const nlohmann::json& settings,
                                           WriteBatch& batch) override {
        return make_room(game, options, settings, batch);
    }
    void publish(std::shared_ptr<Room> room) override;
    nlohmann::json create(const nlohmann::json& request, WriteBatch& batch,
                          std::shared_ptr<Room>& made);
    nlohmann::json open_rooms() const;
    // `my_rooms`: the unfinished rooms the given tokens hold, asked of each room on its strand.
    void my_rooms(const nlohmann::json& request, std::function<void(nlohmann::json)> done);

    RoomServices& services_;
    Storage& storage_;
    HubLimits limits_;
    mutable std::mutex mutex_;
    std::map<std::string, std::shared_ptr<Room>> rooms_;
    // Rooms created from each client address (pruned of finished and expired ones when the list
    // reaches the cap).
    std::map<std::string, std::vector<std::string>> created_by_;
    // Whether this address may create another room: fewer than the cap of its rooms are not over
    // (with mutex_ held).
    bool may_create_room(const std::string& address);
    struct Waiting {
        std::weak_ptr<Peer> peer;
        std::string name;
        std::string nonce;
        std::function<void(nlohmann::json)> done;
    };
    std::map<std::string, std::deque<Waiting>> quick_;  // by game
    bool draining_ = false;
};

}  // namespace broadside::server
