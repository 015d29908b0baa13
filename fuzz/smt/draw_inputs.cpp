// Drawing admitted inputs: free leaves get weighted random values, a length leaf follows its extent's term.
#include "fuzz/smt/draw_inputs.h"

#include <unordered_map>
#include <unordered_set>

namespace cairn::fuzz {

using check::Scalar;

uint64_t Splitmix::next() {
  uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t Splitmix::below(uint64_t n) { return n == 0 ? 0 : next() % n; }

namespace {

uint64_t mask_of(unsigned w) { return w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1; }

uint64_t draw_int(Scalar t, Splitmix& rng) {
  unsigned w = check::scalar_bits(t);
  bool sign = check::scalar_is_signed(t);
  uint64_t m = mask_of(w);
  uint64_t min = sign ? uint64_t{1} << (w - 1) : 0;
  uint64_t max = sign ? min - 1 : m;
  switch (rng.below(4)) {
    case 0: {  // small: -8..8 (signed) or 0..16
      uint64_t v = rng.below(17);
      return (sign ? v - 8 : v) & m;
    }
    case 1: {  // edges
      const uint64_t edges[] = {0, 1, m, min, max, min + 1, max - 1, 2};
      return edges[rng.below(8)] & m;
    }
    default: return rng.next() & m;
  }
}

uint64_t draw_float(Scalar t, Splitmix& rng) {
  bool f32 = t == Scalar::F32;
  const uint64_t specials32[] = {0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x3f000000, 0x7f800000,
                                 0xff800000, 0x7fc00000, 0x00000001, 0x7f7fffff, 0x4b800001, 0x80000001};
  const uint64_t specials64[] = {0x0, 0x8000000000000000, 0x3ff0000000000000, 0xbff0000000000000,
                                 0x3fe0000000000000, 0x7ff0000000000000, 0xfff0000000000000,
                                 0x7ff8000000000000, 0x1, 0x7fefffffffffffff, 0x4340000000000001,
                                 0x8000000000000001};
  switch (rng.below(3)) {
    case 0: return f32 ? specials32[rng.below(12)] : specials64[rng.below(12)];
    case 1: {  // a small integer, exactly representable
      int64_t v = static_cast<int64_t>(rng.below(33)) - 16;
      if (f32) {
        float x = static_cast<float>(v);
        uint32_t b;
        __builtin_memcpy(&b, &x, 4);
        return b;
      }
      double x = static_cast<double>(v);
      uint64_t b;
      __builtin_memcpy(&b, &x, 8);
      return b;
    }
    default: return f32 ? rng.next() & 0xffffffffu : rng.next();
  }
}

// The leaves that give some view's or by-value Buf's length: drawn within 0..16.
std::unordered_set<uint32_t> length_terms(const smt::Inputs& in) {
  std::unordered_set<uint32_t> out;
  for (const smt::ParamInput& p : in.params)
    if (p.is_view || p.is_buf) out.insert(in.leaves[p.leaf].term.id());
  return out;
}

// Top-level sum tags (the one constraint of Inputs::admitted besides the terms): leaf -> variant count.
std::unordered_map<uint32_t, uint64_t> sum_tags(const smt::Inputs& in) {
  std::unordered_map<uint32_t, uint64_t> out;
  for (const smt::ParamInput& p : in.params)
    if (p.is_value && p.type && p.type->kind == check::TypeKind::Sum && !p.parts.empty())
      out[p.parts[0]] = p.type->sum->variants.size();
  return out;
}

}  // namespace

uint64_t draw_scalar(Scalar t, Splitmix& rng) {
  if (t == Scalar::Bool) return rng.below(2);
  if (t == Scalar::F32 || t == Scalar::F64) return draw_float(t, rng);
  if (check::scalar_is_int(t)) return draw_int(t, rng);
  return rng.next() & mask_of(check::scalar_bits(t));
}

std::optional<std::vector<uint64_t>> draw_input(const smt::Inputs& in, Splitmix& rng) {
  std::unordered_set<uint32_t> lengths = length_terms(in);
  std::unordered_map<uint32_t, uint64_t> tags = sum_tags(in);
  std::unordered_map<uint32_t, uint64_t> by_term;  // a free leaf's term -> its value
  std::vector<uint64_t> values(in.leaves.size(), 0);
  for (size_t i = 0; i < in.leaves.size(); ++i) {
    const smt::InputLeaf& leaf = in.leaves[i];
    const smt::Term& t = leaf.term;
    if (t.kind() == smt::TermKind::BvConst) {  // a literal extent
      if (t.p0() > smt::kWitnessElements) return std::nullopt;
      values[i] = t.p0();
    } else if (auto it = by_term.find(t.id()); it != by_term.end()) {
      values[i] = it->second;                  // an earlier usize parameter as the extent
    } else {
      uint64_t v;
      if (lengths.count(t.id())) v = rng.below(smt::kWitnessElements + 1);
      else if (auto tag = tags.find(static_cast<uint32_t>(i)); tag != tags.end()) v = rng.below(tag->second);
      else if (leaf.name.size() > 4 && leaf.name.ends_with(".tag")) v = rng.below(4);  // nested: may name none
      else v = draw_scalar(leaf.type, rng);
      values[i] = v;
      by_term[t.id()] = v;
    }
  }
  return values;
}

}  // namespace cairn::fuzz
