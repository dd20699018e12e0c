#include "verify/process.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace ws::verify {

namespace {

using Clock = std::chrono::steady_clock;

std::vector<char*> c_argv(const std::vector<std::string>& argv) {
    std::vector<char*> out;
    for (const std::string& a : argv) out.push_back(const_cast<char*>(a.c_str()));
    out.push_back(nullptr);
    return out;
}

int remaining_ms(Clock::time_point deadline) {
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return ms < 0 ? 0 : int(std::min<long long>(ms, 1 << 30));
}

void decode_status(int status, int& exit_code, int& sig) {
    if (WIFEXITED(status)) exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) sig = WTERMSIG(status);
}

constexpr size_t kStderrKeep = 8192;

void keep_tail(std::string& s) {
    if (s.size() > 2 * kStderrKeep) s.erase(0, s.size() - kStderrKeep);
}

} // namespace

std::string signal_description(int sig) {
    const char* name = sigabbrev_np(sig);
    const char* desc = sigdescr_np(sig);
    return std::string("SIG") + (name ? name : std::to_string(sig)) + " (" + (desc ? desc : "?") + ")";
}

ProcessResult run_process(const std::vector<std::string>& argv, double timeout_seconds) {
    ProcessResult r;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        r.error = std::string("pipe: ") + std::strerror(errno);
        return r;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    // Own process group, so a timeout also kills the compiler's children.
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    pid_t pid = -1;
    auto args = c_argv(argv);
    int rc = posix_spawnp(&pid, args[0], &fa, &attr, args.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    close(fds[1]);
    if (rc != 0) {
        close(fds[0]);
        r.error = "cannot run " + argv[0] + ": " + std::strerror(rc);
        return r;
    }
    r.started = true;
    auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                       std::chrono::duration<double>(timeout_seconds));
    char buf[65536];
    for (;;) {
        pollfd p{fds[0], POLLIN, 0};
        int n = poll(&p, 1, remaining_ms(deadline));
        if (n < 0 && errno == EINTR) continue;
        if (n == 0) {
            r.timed_out = true;
            kill(-pid, SIGKILL);
            break;
        }
        ssize_t got = read(fds[0], buf, sizeof buf);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        if (r.output.size() < (8u << 20)) r.output.append(buf, size_t(got));
    }
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    decode_status(status, r.exit_code, r.signal);
    return r;
}

ReportingChild::~ReportingChild() {
    kill_and_wait();
}

bool ReportingChild::start(const std::vector<std::string>& argv, std::string& error) {
    int rep[2], err[2];
    if (pipe2(rep, O_CLOEXEC) != 0) {
        error = std::string("pipe: ") + std::strerror(errno);
        return false;
    }
    if (pipe2(err, O_CLOEXEC) != 0) {
        error = std::string("pipe: ") + std::strerror(errno);
        close(rep[0]);
        close(rep[1]);
        return false;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    // Kernels may printf (wp.print); that output is of no use here.
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, err[1], 2);
    posix_spawn_file_actions_adddup2(&fa, rep[1], 3);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    auto args = c_argv(argv);
    int rc = posix_spawn(&pid_, args[0], &fa, &attr, args.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    close(rep[1]);
    close(err[1]);
    if (rc != 0) {
        close(rep[0]);
        close(err[0]);
        pid_ = -1;
        error = "cannot run " + argv[0] + ": " + std::strerror(rc);
        return false;
    }
    report_fd_ = rep[0];
    err_fd_ = err[0];
    // Never block on stderr: it is drained opportunistically.
    fcntl(err_fd_, F_SETFL, fcntl(err_fd_, F_GETFL) | O_NONBLOCK);
    reaped_ = false;
    return true;
}

void ReportingChild::drain_stderr() {
    char buf[4096];
    for (;;) {
        ssize_t got = read(err_fd_, buf, sizeof buf);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break; // EOF, or EAGAIN: nothing more for now
        err_.append(buf, size_t(got));
        keep_tail(err_);
    }
}

int ReportingChild::next_line(std::string& line, double timeout_seconds) {
    auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                       std::chrono::duration<double>(timeout_seconds));
    for (;;) {
        size_t nl = buf_.find('\n');
        if (nl != std::string::npos) {
            line = buf_.substr(0, nl);
            buf_.erase(0, nl + 1);
            return 1;
        }
        if (report_fd_ < 0) return -1;
        pollfd p[2] = {{report_fd_, POLLIN, 0}, {err_fd_, POLLIN, 0}};
        int n = poll(p, err_fd_ >= 0 ? 2 : 1, remaining_ms(deadline));
        if (n < 0 && errno == EINTR) continue;
        if (n == 0) return 0;
        if (err_fd_ >= 0 && (p[1].revents & (POLLIN | POLLHUP))) {
            char buf[4096];
            ssize_t got = read(err_fd_, buf, sizeof buf);
            if (got > 0) {
                err_.append(buf, size_t(got));
                keep_tail(err_);
            } else if (got == 0) {
                close(err_fd_);
                err_fd_ = -1;
            }
        }
        if (p[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            char buf[8192];
            ssize_t got = read(report_fd_, buf, sizeof buf);
            if (got < 0 && errno == EINTR) continue;
            if (got <= 0) {
                close(report_fd_);
                report_fd_ = -1;
                if (err_fd_ >= 0) drain_stderr();
                continue; // deliver any last complete line, then -1
            }
            buf_.append(buf, size_t(got));
        }
    }
}

void ReportingChild::kill_and_wait() {
    if (pid_ > 0 && !reaped_) {
        kill(-pid_, SIGKILL);
        int e, s;
        wait(e, s);
    }
    if (report_fd_ >= 0) close(report_fd_);
    if (err_fd_ >= 0) close(err_fd_);
    report_fd_ = err_fd_ = -1;
}

void ReportingChild::wait(int& exit_code, int& sig) {
    if (pid_ > 0 && !reaped_) {
        int status = 0;
        while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
        }
        exit_code_ = -1;
        signal_ = 0;
        decode_status(status, exit_code_, signal_);
        reaped_ = true;
        if (err_fd_ >= 0) drain_stderr();
    }
    exit_code = exit_code_;
    sig = signal_;
}

} // namespace ws::verify
