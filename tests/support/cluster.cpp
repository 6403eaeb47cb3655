#include "support/cluster.h"

#include <cstdio>

#include "support/postgres_throwaway.h"

namespace broadside::testing {

Cluster::Cluster(int nodes, std::vector<std::string> extra, std::string lease_seconds)
    : db_(shared_postgres().create_database()) {
    for (int i = 0; i < nodes; ++i) {
        std::vector<std::string> args{"--db",
                                      db_,
                                      "--node",
                                      "n" + std::to_string(i),
                                      "--lease-seconds",
                                      lease_seconds,
                                      "--messages-per-second",
                                      "100000",
                                      "--message-burst",
                                      "100000"};
        args.insert(args.end(), extra.begin(), extra.end());
        nodes_.push_back(std::make_unique<ServerProcess>("", std::move(args)));
    }
}

std::string Cluster::sql(const std::string& statement) const {
    // psql on the throwaway's socket (the URI names it); statements hold no double quote.
    const std::string command = "psql '" + db_ + "' -Atc \"" + statement + "\" 2>&1";
    std::string out;
    if (FILE* pipe = popen(command.c_str(), "r")) {
        char buffer[256];
        while (fgets(buffer, sizeof buffer, pipe)) out += buffer;
        pclose(pipe);
    }
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    return out;
}

std::string Cluster::owner(const std::string& room) const {
    // The room code is letters and digits.
    return sql("SELECT node FROM room_leases WHERE room = '" + room +
               "' AND expires_at > clock_timestamp()");
}

int Cluster::owner_index(const std::string& room) const {
    const auto name = owner(room);
    return name.size() > 1 && name[0] == 'n' ? std::stoi(name.substr(1)) : -1;
}

double Cluster::metric(int i, const std::string& name) {
    const auto body = http_get(node(i).port(), "/metrics").body;
    const auto at = body.find("\n" + name + " ");
    return at == std::string::npos ? -1 : std::stod(body.substr(at + name.size() + 2));
}

}  // namespace broadside::testing
