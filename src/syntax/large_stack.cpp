#include "syntax/large_stack.h"

#include <cstring>
#include <exception>
#include <pthread.h>
#include <stdexcept>
#include <string>

namespace ws {

namespace {

struct Job {
    const std::function<void()>* fn;
    std::exception_ptr error;
};

void* run_job(void* arg) {
    auto* job = static_cast<Job*>(arg);
    try {
        (*job->fn)();
    } catch (...) {
        job->error = std::current_exception();
    }
    return nullptr;
}

} // namespace

void run_on_large_stack(const std::function<void()>& fn) {
    Job job{&fn, nullptr};
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, kCompileStackBytes);
    pthread_t thread;
    int rc = pthread_create(&thread, &attr, run_job, &job);
    pthread_attr_destroy(&attr);
    if (rc != 0) throw std::runtime_error(std::string("cannot start a thread: ") + std::strerror(rc));
    pthread_join(thread, nullptr);
    if (job.error) std::rethrow_exception(job.error);
}

} // namespace ws
