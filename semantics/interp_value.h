// The interpreter's run-time values and the stores that hold their components (counted, pooled).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace cairn::sem {

struct Store;

// A counted reference to a Store (the interpreter runs on one thread: the count is a plain integer).
// Assignment takes the new store before it lets go of the old one, as std::shared_ptr does.
class StoreRef {
 public:
  StoreRef() = default;
  StoreRef(std::nullptr_t) {}
  StoreRef(const StoreRef& o);
  StoreRef(StoreRef&& o) noexcept : p_(o.p_) { o.p_ = nullptr; }
  StoreRef& operator=(const StoreRef& o);
  StoreRef& operator=(StoreRef&& o) noexcept;
  ~StoreRef() { drop(p_); }
  Store* operator->() const { return p_; }
  Store& operator*() const { return *p_; }
  Store* get() const { return p_; }
  explicit operator bool() const { return p_ != nullptr; }
  long use_count() const;
  // Takes o's store into this reference, which holds none (no release: nothing to release).
  void take(StoreRef& o) {
    p_ = o.p_;
    o.p_ = nullptr;
  }
  void swap(StoreRef& o) {  // exchanges the two stores (no count changes)
    Store* t = p_;
    p_ = o.p_;
    o.p_ = t;
  }
  void reset() {
    Store* old = p_;
    p_ = nullptr;
    drop(old);
  }
  // A new store, its count 1 (from the pool of released small stores when there is one).
  static StoreRef make();

 private:
  static StoreRef make_fresh();  // from the heap
  static void drop(Store* s);
  Store* p_ = nullptr;
};

// A run-time value. Scalars in `b` (ops.h bits); records, sums' payloads and Arrays in a Store of their
// components (copied deeply when copied); a Buf in a heap Store; a view: store `s`, offset `b`, length `n`;
// a sum's tag in `b`; a function value: program function index + 1 in `b` (0: null); a single borrow
// parameter: `p`.
struct Value {
  uint64_t b = 0;
  uint64_t n = 0;
  StoreRef s;
  Value* p = nullptr;
};

struct Store {
  std::vector<Value> e;
  uint64_t bytes = 0;       // live heap bytes this store counts (Buf, buffer)
  uint64_t* live = nullptr; // the counter to give them back to
  uint32_t refs = 0;
  Store* next_free = nullptr;  // in a StorePool's free list
  ~Store() {
    if (live) *live -= bytes;
  }
};

// Released small stores kept for reuse by one interpreter (interp_value.cpp); a Scope makes it the pool
// the current thread allocates from and releases into.
struct StorePool {
  Store* head = nullptr;
  size_t count = 0;
  StorePool() = default;
  StorePool(const StorePool&) = delete;
  StorePool& operator=(const StorePool&) = delete;
  ~StorePool();
  struct Scope {
    explicit Scope(StorePool* p);
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
    StorePool* saved;
  };
};

// The pool the current thread allocates from and releases into (null: the heap).
extern thread_local constinit StorePool* active_pool;

// Returns a store whose count fell to zero: its heap bytes given back, its components released; a small
// store is kept for reuse with its capacity.
void release_store(Store* s);

inline StoreRef::StoreRef(const StoreRef& o) : p_(o.p_) {
  if (p_) ++p_->refs;
}
inline StoreRef& StoreRef::operator=(const StoreRef& o) {
  if (o.p_) ++o.p_->refs;
  Store* old = p_;
  p_ = o.p_;
  drop(old);
  return *this;
}
inline StoreRef& StoreRef::operator=(StoreRef&& o) noexcept {
  if (this != &o) {
    Store* old = p_;
    p_ = o.p_;
    o.p_ = nullptr;
    drop(old);
  }
  return *this;
}
inline long StoreRef::use_count() const { return p_ ? static_cast<long>(p_->refs) : 0; }
inline void StoreRef::drop(Store* s) {
  if (s && --s->refs == 0) release_store(s);
}

inline StoreRef StoreRef::make() {
  StorePool* pool = active_pool;
  Store* s = pool ? pool->head : nullptr;
  if (!s) return make_fresh();
  pool->head = s->next_free;
  s->next_free = nullptr;
  --pool->count;
  s->refs = 1;
  StoreRef r;
  r.p_ = s;
  return r;
}

inline StoreRef make_store() { return StoreRef::make(); }

// x = Value{}: its store released, its parts zero.
inline void clear_value(Value& x) {
  if (x.s) x.s.reset();
  x.b = x.n = 0;
  x.p = nullptr;
}

}  // namespace cairn::sem
