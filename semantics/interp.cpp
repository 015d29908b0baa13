// The interpreter's core: values (zero, copies), Buf allocation, and the IR walker's places and views.
#include "semantics/interp.h"
#include "core/closed_set.h"
#include "semantics/interp_code.h"

#include <pthread.h>
#include <unistd.h>

#include <algorithm>

#include <cstring>

namespace cairn::sem {

using ir::Kind;
using ir::Node;
using check::TypeKind;

static void find_tries(const Node* n, const check::Type* result,
                       std::unordered_map<const Node*, const check::Type*>& out) {
  if (n->kind == Kind::Try) out[n] = result;
  for (const Node* k : n->kids) find_tries(k, result, out);
  if (n->unwind) find_tries(n->unwind, result, out);
}

Interp::Interp(const ir::Module& m, const SourceSet& s) : mod(m), sources(s), code_(compile_module(m)) {
  for (const ir::Function& f : m.fns)
    if (f.body) find_tries(f.body, f.info ? f.info->result : nullptr, try_result_);
}

PayloadRep payload_rep(const check::Type* t, uint64_t tag) {
  while (t && t->kind == TypeKind::Borrow) t = t->elem;
  if (!t || t->kind != TypeKind::Sum || tag >= t->sum->variants.size()) return PayloadRep::Boxed;
  const check::Type* p = t->sum->variants[tag].payload;
  if (!p) return PayloadRep::None;
  if (p->kind == TypeKind::Scalar) return PayloadRep::Scalar;
  if (p->kind == TypeKind::Record && flat_copy_type(p)) return PayloadRep::Record;
  return PayloadRep::Boxed;
}

Interp::~Interp() = default;

void Interp::trap(check::TrapKind k, Pos p) { throw TrapEx{k, p}; }
void Interp::out_of_steps() { throw OutOfSteps{}; }

// The running thread's stack: its lowest usable address plus a margin for the evaluation between two calls
// (expressions nest up to 10,000 levels, §1.5 and E-DEPTH) and for the trap's own unwinding. Found once per
// thread (reading the main thread's bounds is slow), then cached.
static const char* thread_stack_floor() {
  thread_local bool known = false;
  thread_local const char* floor = nullptr;
  if (known) return floor;
  known = true;
  pthread_attr_t attr;
  void* low = nullptr;
  size_t size = 0;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return floor;
  if (pthread_attr_getstack(&attr, &low, &size) == 0 && low && size) {
    size_t margin = std::min<size_t>(size / 4, size_t{4} << 20);
    floor = static_cast<const char*>(low) + margin;
  }
  pthread_attr_destroy(&attr);
  return floor;
}

void Interp::set_stack_floor() { stack_floor = thread_stack_floor(); }

void Interp::drop_temps_of(const Value* owner) {
  while (ntemps_ > 0 && temps_.back().owner == owner) {
    temps_.pop_back();
    --ntemps_;
  }
  tlast_ = ntemps_ > 0 ? temps_.back().owner : nullptr;
}

// The next chunk after the one lim_ ends (the first chunk when there is none yet), made or replaced when it is
// missing or too small (slots above top_ are at rest: nothing points into that chunk).
Value* Interp::frame_base_chunk(uint32_t nslots) {
  static constexpr size_t kChunk = 4096;
  size_t k = 0;
  if (lim_)
    while (chunks_[k].v.get() + chunks_[k].size != lim_) ++k;
  if (lim_) ++k;
  if (k == chunks_.size()) chunks_.emplace_back();
  Chunk& c = chunks_[k];
  if (c.size < nslots || !c.v) {
    size_t size = std::max<size_t>(kChunk, nslots);
    c.v = std::make_unique<Value[]>(size);
    c.size = size;
  }
  lim_ = c.v.get() + c.size;
  return c.v.get();
}

std::string Interp::file_name(Pos p) const {
  if (p.file < sources.size()) return sources.file(p.file).display_name;
  return "?";
}

void Interp::write_out(int fd, const std::string& bytes) {
  size_t off = 0;
  while (off < bytes.size()) {
    size_t k = std::min<size_t>(4096, bytes.size() - off);
    ssize_t w = ::write(fd, bytes.data() + off, k);
    if (w <= 0) return;
    off += static_cast<size_t>(w);
  }
}

static const check::Type* variant_payload(const check::Type* t, uint64_t tag, const check::Program& p) {
  if (!t || t->kind != TypeKind::Sum || tag >= t->sum->variants.size()) return nullptr;
  const check::Type* pt = t->sum->variants[tag].payload;
  if (pt && !t->args.empty()) pt = const_cast<check::TypeTable&>(p.types).substitute(pt, t->args);
  return pt;
}

Value Interp::zero(const check::Type* t) {
  Value v;
  if (!t) return v;
  switch (t->kind) {
    case TypeKind::Record: {
      v.s = make_store();
      for (const auto& f : t->record->fields) v.s->e.push_back(zero(f.type));
      break;
    }
    case TypeKind::Sum: {
      const check::Type* pt = variant_payload(t, 0, *mod.program);
      if (pt) put_payload(v, payload_rep(t, 0), zero(pt));
      break;
    }
    case TypeKind::Array: {
      v.s = make_store();
      v.s->e.reserve(t->length);
      for (uint64_t i = 0; i < t->length; ++i) v.s->e.push_back(zero(t->elem));
      break;
    }
    case TypeKind::Error: case TypeKind::Void: case TypeKind::Scalar: case TypeKind::Buf: case TypeKind::View:
    case TypeKind::Borrow: case TypeKind::Fn: case TypeKind::Param: break;
  }
  return v;
}

static StoreRef clone_store(const Store& s) {
  auto c = make_store();
  c->e.reserve(s.e.size());
  for (const Value& x : s.e) {
    Value y = x;
    if (y.s && !y.s->live && y.s.use_count() > 0 && !y.s->e.empty()) y.s = clone_store(*y.s);
    c->e.push_back(std::move(y));
  }
  return c;
}

Value copy_deep(const Value& v) {
  Value c = v;
  c.s = clone_store(*v.s);
  return c;
}

bool Interp::copies_deeply(const Value& v, const check::Type* t) {
  if (!v.s || !t) return false;
  if (t->kind != TypeKind::Record && t->kind != TypeKind::Sum && t->kind != TypeKind::Array) return false;
  return check::type_kind(t) == check::Kind::Copy;
}

Value Interp::copy_component(const Value& x) {
  Value y = x;
  if (y.s && !y.s->live && y.s.use_count() > 0 && !y.s->e.empty()) y.s = clone_store(*y.s);
  return y;
}

Value Interp::copy_payload(const Value& sum, PayloadRep rep) {
  switch (rep) {
    case PayloadRep::Scalar: return Value{sum.n, 0, nullptr, nullptr};
    case PayloadRep::Record: return copy_component(Value{0, 0, sum.s, nullptr});
    case PayloadRep::Boxed: return sum.s && !sum.s->e.empty() ? copy_component(sum.s->e[0]) : Value{};
    case PayloadRep::None: break;
  }
  return Value{};
}

Value Interp::copy(const Value& v, const check::Type* t) {
  if (!v.s || !t) return v;
  switch (t->kind) {
    case TypeKind::Record:
    case TypeKind::Sum:
    case TypeKind::Array: {
      if (check::type_kind(t) != check::Kind::Copy) return v;  // owners are moved, never copied
      Value c = v;
      c.s = clone_store(*v.s);
      return c;
    }
    case TypeKind::Error: case TypeKind::Void: case TypeKind::Scalar: case TypeKind::Buf: case TypeKind::View:
    case TypeKind::Borrow: case TypeKind::Fn: case TypeKind::Param: return v;
  }
  outside_closed_set("TypeKind");
}

uint64_t Interp::op(const Node* n, sem::Op o, check::Scalar sc, check::Scalar res, uint64_t a, uint64_t b) {
  OpOutcome r = eval_op(o, sc, res, a, b);
  if (r.trapped) trap(r.trap, n->pos);
  return r.bits;
}

Value Interp::buf_new(const check::Type* elem, uint64_t count, Pos pos) {
  uint64_t size = std::max<uint64_t>(check::type_size(elem), 1);
  if (count != 0 && size > UINT64_MAX / count) trap(check::TrapKind::Alloc, pos);
  uint64_t bytes = count * size;
  if (bytes > limits.memory_bytes || live_bytes + bytes > limits.memory_bytes) trap(check::TrapKind::Alloc, pos);
  Value v;
  v.s = make_store();
  try {
    v.s->e.reserve(count);
    if (elem->kind == TypeKind::Scalar) {
      v.s->e.resize(count);
    } else {
      for (uint64_t i = 0; i < count; ++i) v.s->e.push_back(zero(elem));
    }
  } catch (const std::bad_alloc&) {
    trap(check::TrapKind::Alloc, pos);
  }
  v.s->bytes = bytes;
  v.s->live = &live_bytes;
  live_bytes += bytes;
  return v;
}

static bool is_place_node(const Node* n) {
  return n->kind == Kind::Local || n->kind == Kind::Deref || n->kind == Kind::Index ||
         (n->kind == Kind::Field && is_place_node(n->kids[0]));
}

Value* Interp::place(const Node* n) {
  switch (n->kind) {
    case Kind::Local: return &sl_[n->slot];
    case Kind::Deref: return sl_[n->slot].p;
    case Kind::Field: {
      if (is_place_node(n->kids[0])) return &place(n->kids[0])->s->e[n->index];
      break;
    }
    case Kind::Index: {
      const check::Type* bt = n->kids[0]->type;
      if (bt->kind == TypeKind::View) {
        if (const Value* vr = view_ref(n->kids[0])) {
          Store* vs = vr->s.get();
          uint64_t vb = vr->b, vn = vr->n;
          uint64_t i = scalar(n->kids[1]);
          if (i >= vn) trap(check::TrapKind::Bounds, n->pos);
          return &vs->e[vb + i];
        }
        Value v = view(n->kids[0]);
        uint64_t i = scalar(n->kids[1]);
        if (i >= v.n) trap(check::TrapKind::Bounds, n->pos);
        return &v.s->e[v.b + i];
      }
      Value* base = is_place_node(n->kids[0]) ? place(n->kids[0]) : nullptr;
      if (!base) {
        base = push_temp(eval(n->kids[0]));
      }
      uint64_t i = scalar(n->kids[1]);
      uint64_t len = base->s ? base->s->e.size() : 0;
      if (i >= len) trap(check::TrapKind::Bounds, n->pos);
      return &base->s->e[i];
    }
    case Kind::Const: case Kind::Unary: case Kind::Binary: case Kind::And: case Kind::Or:
    case Kind::Convert: case Kind::Call: case Kind::CallIndirect: case Kind::Builtin: case Kind::Record:
    case Kind::Variant: case Kind::BufNew: case Kind::ArrayNew: case Kind::String: case Kind::FnRef:
    case Kind::Part: case Kind::Lend: case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print:
    case Kind::Format: case Kind::Assert: case Kind::AssertEq: case Kind::Compact: case Kind::Reduce:
    case Kind::Try: case Kind::ArgRef: case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent:
    case Kind::Block: case Kind::Let: case Kind::Drop: case Kind::Unpack: case Kind::Storage:
    case Kind::Assign: case Kind::Compound: case Kind::If: case Kind::While: case Kind::ForRange:
    case Kind::ForEach: case Kind::Match: case Kind::Arm: case Kind::Return: case Kind::Break:
    case Kind::Continue: case Kind::Defer: case Kind::Eval: case Kind::Release: case Kind::Unwind: break;
  }
  return push_temp(eval(n));
}

const Value* Interp::view_ref(const Node* n) {
  const check::Type* t = n->type;
  if (!t || t->kind != TypeKind::View) return nullptr;
  if (n->kind == Kind::Local && !n->moves) return &sl_[n->slot];
  if (n->kind == Kind::Deref) return sl_[n->slot].p;
  return nullptr;
}

Value Interp::view(const Node* n) {
  switch (n->kind) {
    case Kind::Part: {
      Value v = view(n->kids[0]);
      uint64_t lo = scalar(n->kids[1]);
      uint64_t hi = scalar(n->kids[2]);
      if (lo > hi || hi > v.n) trap(check::TrapKind::Part, n->pos);
      v.b += lo;
      v.n = hi - lo;
      return v;
    }
    case Kind::Lend: {
      Value* r = is_place_node(n->kids[0]) ? place(n->kids[0]) : nullptr;
      Value tmp;
      if (!r) {
        tmp = eval(n->kids[0]);
        r = &tmp;
      }
      const check::Type* t = n->kids[0]->type;
      if (t->kind == TypeKind::Borrow) t = t->elem;
      const check::LendsInfo& L = *t->record->lends;
      uint64_t lo = L.lo_is_field ? r->s->e[L.lo].b : L.lo;
      uint64_t hi = L.hi_is_field ? r->s->e[L.hi].b : L.hi;
      const Value& d = r->s->e[L.field];
      uint64_t len = d.s ? d.s->e.size() : 0;
      if (lo > hi || hi > len) trap(check::TrapKind::Part, n->pos);
      Value v;
      v.s = d.s;
      v.b = lo;
      v.n = hi - lo;
      return v;
    }
    case Kind::String: {
      // a literal is read-only (ro<u8>[N]): its bytes are built once and shared by every evaluation
      StoreRef& s = strings_[n];
      if (!s) {
        s = make_store();
        s->e.resize(n->text.size());
        for (size_t i = 0; i < n->text.size(); ++i) s->e[i].b = static_cast<uint8_t>(n->text[i]);
      }
      Value v;
      v.s = s;
      v.n = n->text.size();
      return v;
    }
    case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::Field: case Kind::Index:
    case Kind::Unary: case Kind::Binary: case Kind::And: case Kind::Or: case Kind::Convert: case Kind::Call:
    case Kind::CallIndirect: case Kind::Builtin: case Kind::Record: case Kind::Variant: case Kind::BufNew:
    case Kind::ArrayNew: case Kind::FnRef: case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print:
    case Kind::Format: case Kind::Assert: case Kind::AssertEq: case Kind::Compact: case Kind::Reduce:
    case Kind::Try: case Kind::ArgRef: case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent:
    case Kind::Block: case Kind::Let: case Kind::Drop: case Kind::Unpack: case Kind::Storage:
    case Kind::Assign: case Kind::Compound: case Kind::If: case Kind::While: case Kind::ForRange:
    case Kind::ForEach: case Kind::Match: case Kind::Arm: case Kind::Return: case Kind::Break:
    case Kind::Continue: case Kind::Defer: case Kind::Eval: case Kind::Release: case Kind::Unwind: break;
  }
  const check::Type* t = n->type;
  if (t && t->kind == TypeKind::View) return eval(n);
  Value* p = is_place_node(n) ? place(n) : nullptr;
  Value tmp;
  if (!p) {
    p = push_temp(eval(n));
  }
  if (p->n != 0 || (p->s && p->b != 0)) {
    // a view held in a slot (buffer/stack names, string locals)
    if (t && t->kind == TypeKind::View) return *p;
  }
  if (t && (t->kind == TypeKind::Buf || t->kind == TypeKind::Array)) {
    Value v;
    v.s = p->s;
    v.n = p->s ? p->s->e.size() : 0;
    return v;
  }
  return *p;
}

}  // namespace cairn::sem
