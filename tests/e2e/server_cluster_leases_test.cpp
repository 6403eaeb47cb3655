// Room leases across a cluster (docs/scaling.md, "Room ownership" and "Connections to another
// node's room"): a node drained by SIGTERM, and a room expired for idleness, let go of their
// leases at once, keeping the epochs; a connection to a room whose owner does not answer is
// relayed for 2 s at a time, taken over once the lease runs out, and refused with 503 after the
// lease's length plus 5 s; the matchmaker adopts a dead node's rooms at most 5 a round.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "support/cluster.h"
#include "support/raw_ws.h"
#include "support/server_client.h"

namespace broadside::testing {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string lease_epoch(const Cluster& cluster, const std::string& room) {
    return cluster.sql("SELECT epoch FROM room_leases WHERE room = '" + room + "'");
}

// A node that accepts connections and never answers, as a paused node does (its kernel
// completes the TCP handshake). It notes when each connection came and when the other side
// closed it.
class SilentNode {
public:
    struct Visit {
        Clock::time_point opened;
        double open_for = -1;  // seconds until the other side closed; -1 while open
    };

    SilentNode() {
        listener_ = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t size = sizeof addr;
        if (listener_ < 0 || bind(listener_, reinterpret_cast<sockaddr*>(&addr), size) != 0 ||
            listen(listener_, 16) != 0 ||
            getsockname(listener_, reinterpret_cast<sockaddr*>(&addr), &size) != 0) {
            throw std::runtime_error("cannot listen");
        }
        port_ = ntohs(addr.sin_port);
        thread_ = std::thread([this] { serve(); });
    }
    ~SilentNode() {
        stop_ = true;
        thread_.join();
        ::close(listener_);
    }
    SilentNode(const SilentNode&) = delete;
    SilentNode& operator=(const SilentNode&) = delete;

    unsigned short port() const { return port_; }
    std::vector<Visit> visits() {
        std::lock_guard lock(mutex_);
        return visits_;
    }

private:
    void serve() {
        std::vector<std::pair<int, std::size_t>> open;  // fd, its visit
        while (!stop_) {
            std::vector<pollfd> fds{{listener_, POLLIN, 0}};
            for (const auto& [fd, visit] : open) fds.push_back({fd, POLLIN, 0});
            if (poll(fds.data(), fds.size(), 20) <= 0) continue;
            if (fds[0].revents & POLLIN) {
                const int fd = accept(listener_, nullptr, nullptr);
                std::lock_guard lock(mutex_);
                visits_.push_back({Clock::now()});
                if (fd >= 0) open.emplace_back(fd, visits_.size() - 1);
            }
            for (std::size_t i = 1; i < fds.size(); ++i) {
                if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
                char discard[4096];
                if (read(fds[i].fd, discard, sizeof discard) > 0) continue;  // never answered
                std::lock_guard lock(mutex_);
                auto& visit = visits_[open[i - 1].second];
                visit.open_for = seconds_since(visit.opened);
                ::close(fds[i].fd);
                open[i - 1].first = -1;
            }
            std::erase_if(open, [](const auto& entry) { return entry.first < 0; });
        }
        for (const auto& [fd, visit] : open) ::close(fd);
    }

    int listener_ = -1;
    unsigned short port_ = 0;
    std::atomic<bool> stop_{false};
    std::mutex mutex_;
    std::vector<Visit> visits_;
    std::thread thread_;
};

// Holds a room's lease for a node that exists only in the database (named "ghost", at the silent
// node's address), renewing it as a live node would until told to stop.
class GhostOwner {
public:
    GhostOwner(const Cluster& cluster, const std::string& room, unsigned short port)
        : cluster_(cluster), room_(room) {
        cluster_.sql(
            "INSERT INTO nodes (name, url, seen_at) VALUES ('ghost', "
            "'http://127.0.0.1:" +
            std::to_string(port) + "', clock_timestamp())");
        cluster_.sql(
            "UPDATE room_leases SET node = 'ghost', epoch = epoch + 1, expires_at = "
            "clock_timestamp() + interval '1500 milliseconds' WHERE room = '" +
            room_ + "'");
        thread_ = std::thread([this] {
            while (renewing_) {
                renew();
                std::this_thread::sleep_for(std::chrono::milliseconds(300));
            }
        });
    }
    ~GhostOwner() { stop_renewing(); }
    GhostOwner(const GhostOwner&) = delete;
    GhostOwner& operator=(const GhostOwner&) = delete;
    void stop_renewing() {
        renewing_ = false;
        if (thread_.joinable()) thread_.join();
    }

private:
    void renew() {
        cluster_.sql("UPDATE nodes SET seen_at = clock_timestamp() WHERE name = 'ghost'");
        cluster_.sql(
            "UPDATE room_leases SET expires_at = clock_timestamp() + interval '1500 "
            "milliseconds' WHERE room = '" +
            room_ + "' AND node = 'ghost'");
    }
    const Cluster& cluster_;
    std::string room_;
    std::atomic<bool> renewing_{true};
    std::thread thread_;
};

// Leases of 10 s here, so that a lease let go (expired at once) cannot be mistaken for one that
// ran out.
constexpr const char* kLongLease = "10";

TEST(ServerClusterLeases, ANodeDrainedBySigtermLetsGoOfItsLeasesAtOnceAndTheEpochsStay) {
    Cluster cluster(2, {}, kLongLease);
    const auto created = create_room(cluster.node(1).port(), {{"game", "classic"}});
    const std::string room = created["room"];
    ASSERT_EQ(cluster.owner(room), "n1");
    const std::string epoch = lease_epoch(cluster, room);
    EXPECT_EQ(cluster.node(1).terminate(), 0);
    EXPECT_EQ(cluster.owner(room), "") << "the lease outlived the node's drain";
    EXPECT_EQ(lease_epoch(cluster, room), epoch);
    // So the room's next connection is taken over at once, not a lease's length later, under
    // the next epoch.
    const auto start = Clock::now();
    SeatClient back(cluster.node(0).port(), room, created["token"]);
    EXPECT_EQ(back.welcome["you"]["seat"], created["seat"]);
    EXPECT_LT(seconds_since(start), 3.0);
    EXPECT_EQ(cluster.owner(room), "n0");
    EXPECT_EQ(lease_epoch(cluster, room), std::to_string(std::stoi(epoch) + 1));
}

TEST(ServerClusterLeases, ARoomExpiredForIdlenessLetsGoOfItsLease) {
    Cluster cluster(1, {"--room-ttl", "1"}, kLongLease);
    const std::string room = create_room(cluster.node(0).port(), {{"game", "classic"}})["room"];
    const std::string epoch = lease_epoch(cluster, room);
    const std::string expired = "SELECT expired FROM rooms WHERE code = '" + room + "'";
    const auto until = Clock::now() + std::chrono::seconds(8);
    while (cluster.sql(expired) != "t" && Clock::now() < until) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ASSERT_EQ(cluster.sql(expired), "t") << "the room never expired";
    // The lease is let go once the expiry is committed: within moments, not 10 s.
    std::string owner = cluster.owner(room);
    for (int i = 0; i < 20 && !owner.empty(); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        owner = cluster.owner(room);
    }
    EXPECT_EQ(owner, "") << "the expired room kept its lease";
    EXPECT_EQ(lease_epoch(cluster, room), epoch);
}

// The room's lease belongs to a node that is alive in the database (it renews) and never answers.
TEST(ServerClusterLeases, AnOwnerThatNeverAnswersIsTried2sAtATimeThenRefusedWith503) {
    Cluster cluster(1);
    const auto created = create_room(cluster.node(0).port(), {{"game", "classic"}});
    const std::string room = created["room"];
    SilentNode silent;
    GhostOwner ghost(cluster, room, silent.port());
    // n0 finds at its next renewal that the lease is no longer its own and lets the room go.
    std::this_thread::sleep_for(std::chrono::milliseconds(1200));

    auto start = Clock::now();
    std::string refusal;
    try {
        RawWs ws(cluster.node(0).port(), "/ws/" + room);
    } catch (const std::exception& e) {
        refusal = e.what();
    }
    const double waited = seconds_since(start);
    EXPECT_NE(refusal.find("HTTP/1.1 503"), std::string::npos) << refusal;
    // At the first try after the lease's length (1.5 s) plus 5 s: a try is a relay of 2 s and
    // a wait of at most 1 s.
    EXPECT_GT(waited, 6.4);
    EXPECT_LT(waited, 6.5 + 3.5);
    const auto visits = silent.visits();
    ASSERT_GE(visits.size(), 2u) << "the node did not try the owner again";
    for (std::size_t i = 0; i + 1 < visits.size(); ++i) {
        EXPECT_GT(visits[i].open_for, 1.8) << "visit " << i;
        EXPECT_LT(visits[i].open_for, 2.6) << "visit " << i;
    }

    // The owner stops renewing: a connection waiting for it is let in about a lease plus 2 s
    // later, on this node, which took the room over.
    std::thread stop_later([&ghost] {
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        ghost.stop_renewing();
    });
    start = Clock::now();
    std::unique_ptr<SeatClient> back;
    try {
        back = std::make_unique<SeatClient>(cluster.node(0).port(), room, created["token"]);
    } catch (const std::exception& e) {
        ADD_FAILURE() << "not let in: " << e.what();
    }
    stop_later.join();
    EXPECT_LT(seconds_since(start), 0.5 + 1.5 + 2.0 + 1.0);
    if (back) {
        EXPECT_EQ(back->welcome["you"]["seat"], created["seat"]);
    }
    EXPECT_EQ(cluster.owner(room), "n0");
}

TEST(ServerClusterLeases, TheMatchmakerAdoptsADeadNodesRoomsAtMostFiveARound) {
    Cluster cluster(2);
    std::vector<std::string> rooms;
    for (int i = 0; i < 7; ++i) {
        rooms.push_back(create_room(cluster.node(1).port(), {{"game", "classic"}})["room"]);
    }
    cluster.node(1).kill9();
    // The adoptions counted on n0, sampled every 20 ms: five in the first round, stable until
    // the next renewal a third of a lease (0.5 s) later, then the last two.
    const auto until = Clock::now() + std::chrono::seconds(15);
    double adopted = 0;
    double longest_at_five = 0;
    Clock::time_point five_since{};
    while (adopted < 7 && Clock::now() < until) {
        const double now_adopted = cluster.metric(0, "broadside_rooms_adopted_total");
        if (now_adopted == 5 && adopted != 5) five_since = Clock::now();
        if (now_adopted == 5)
            longest_at_five = std::max(longest_at_five, seconds_since(five_since));
        adopted = now_adopted;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    EXPECT_EQ(adopted, 7);
    EXPECT_GT(longest_at_five, 0.2) << "more than five were adopted in one round";
    for (const auto& room : rooms) EXPECT_EQ(cluster.owner(room), "n0") << room;
}

}  // namespace
}  // namespace broadside::testing
