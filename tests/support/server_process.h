#pragma once
// A real `broadside serve` for end-to-end tests: started on an ephemeral loopback port with a
// data directory, stopped with SIGTERM or killed with SIGKILL, restarted on the same data.
#include <string>
#include <vector>

#include <sys/types.h>

namespace broadside::testing {

class ServerProcess {
public:
    // Starts `broadside serve --port 0 --data DATA extra...` and waits until it listens. An
    // empty DATA passes no --data (`extra` then names the database: --db URL).
    explicit ServerProcess(std::string data_dir, std::vector<std::string> extra = {});
    ~ServerProcess();  // SIGKILL if still running
    ServerProcess(const ServerProcess&) = delete;
    ServerProcess& operator=(const ServerProcess&) = delete;

    unsigned short port() const { return port_; }
    pid_t pid() const { return pid_; }
    std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }
    const std::string& data_dir() const { return data_; }
    // SIGTERM, then waits: the exit code (or -signal).
    int terminate();
    // SIGKILL at once (a crash); returns when the process is gone.
    void kill9();
    // Starts it again on the same data directory (after terminate or kill9).
    void restart();
    // What it printed on stdout and stderr so far.
    std::string output() const;

private:
    void launch();
    int wait();
    std::string data_;
    std::vector<std::string> extra_;
    std::string log_;
    pid_t pid_ = -1;
    unsigned short port_ = 0;
    int launches_ = 0;
};

// Plain HTTP against 127.0.0.1:port (one request, then the server closes): the status code,
// the headers and the body.
struct HttpReply {
    int status = 0;
    std::string body;
    std::string headers;
};
HttpReply http_get(unsigned short port, const std::string& target);
HttpReply http_post(unsigned short port, const std::string& target, const std::string& body);
// `headers` are added as given; a Content-Length among them replaces the body's own.
HttpReply http_request(unsigned short port, const std::string& method, const std::string& target,
                       const std::string& body,
                       const std::vector<std::pair<std::string, std::string>>& headers = {});

}  // namespace broadside::testing
