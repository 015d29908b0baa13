// The pool of released small stores: a record, sum payload or small Array built in a loop reuses the
// store (and the component capacity) a released one left, instead of two heap allocations per value.
// The pool belongs to an Interp and is in use while it runs (a plain thread-local pointer: no thread-exit
// registration, safe in a child forked from a threaded parent); stores released outside a run are freed.
#include "semantics/interp_value.h"

namespace cairn::sem {

namespace {

// Under AddressSanitizer every store goes back to the heap, so a use after release is still reported.
#if defined(__SANITIZE_ADDRESS__)
constexpr size_t kPoolMax = 0;
#else
constexpr size_t kPoolMax = 4096;  // stores kept
#endif
constexpr size_t kPooledCapacity = 16;  // stores with more components go back to the heap

}  // namespace

thread_local constinit StorePool* active_pool = nullptr;

StorePool::~StorePool() {
  while (head) {
    Store* s = head;
    head = s->next_free;
    delete s;
  }
}

StorePool::Scope::Scope(StorePool* p) : saved(active_pool) { active_pool = p; }
StorePool::Scope::~Scope() { active_pool = saved; }

StoreRef StoreRef::make_fresh() {
  StoreRef r;
  r.p_ = new Store;
  r.p_->refs = 1;
  return r;
}

void release_store(Store* s) {
  StorePool* pool = active_pool;
  if (!pool || s->e.capacity() > kPooledCapacity || pool->count >= kPoolMax) {
    delete s;
    return;
  }
  if (s->live) {
    *s->live -= s->bytes;
    s->live = nullptr;
    s->bytes = 0;
  }
  s->e.clear();  // may release the stores of the components (back into the pool)
  s->next_free = pool->head;
  pool->head = s;
  ++pool->count;
}

}  // namespace cairn::sem
