// The syntax's operators (binops.def, unops.def, assignops.def): spellings, precedence and the core/ops.def row each
// one computes with. Every phase that maps syntax to an operator reads these rows.
#pragma once
#include <cstdint>
#include <iterator>
#include <optional>

#include "core/ops.h"

namespace cairn::ast {

enum class BinOp : uint8_t {
#define BINOP(k, spelling, level, token, row) k,
#include "front/syntax/binops.def"
#undef BINOP
};
enum class UnOp : uint8_t {
#define UNOP(k, spelling, token, op) k,
#include "front/syntax/unops.def"
#undef UNOP
};
enum class AssignOp : uint8_t {
#define ASSIGNOP(k, spelling, token, binary) k,
#include "front/syntax/assignops.def"
#undef ASSIGNOP
};

struct BinOpRow {
  const char* spelling;
  int level;                  // precedence, 1 binds loosest
  std::optional<sem::Op> op;  // none for the short-circuit && and ||
};
inline constexpr BinOpRow kBinOpRows[] = {
#define OPS(o) std::optional<sem::Op>(sem::Op::o)
#define LOGICAL std::optional<sem::Op>()
#define BINOP(k, spelling, level, token, row) {spelling, level, row},
#include "front/syntax/binops.def"
#undef BINOP
#undef LOGICAL
#undef OPS
};
struct UnOpRow {
  const char* spelling;
  sem::Op op;
};
inline constexpr UnOpRow kUnOpRows[] = {
#define UNOP(k, spelling, token, op) {spelling, sem::Op::op},
#include "front/syntax/unops.def"
#undef UNOP
};
struct AssignOpRow {
  const char* spelling;
  std::optional<BinOp> binary;  // none for `=`
};
inline constexpr AssignOpRow kAssignOpRows[] = {
#define BINARY(b) std::optional<BinOp>(BinOp::b)
#define PLAIN std::optional<BinOp>()
#define ASSIGNOP(k, spelling, token, binary) {spelling, binary},
#include "front/syntax/assignops.def"
#undef ASSIGNOP
#undef PLAIN
#undef BINARY
};

constexpr const BinOpRow& binop_row(BinOp op) { return kBinOpRows[static_cast<size_t>(op)]; }
constexpr const UnOpRow& unop_row(UnOp op) { return kUnOpRows[static_cast<size_t>(op)]; }
constexpr const AssignOpRow& assignop_row(AssignOp op) { return kAssignOpRows[static_cast<size_t>(op)]; }
constexpr const char* binop_spelling(BinOp op) { return binop_row(op).spelling; }
constexpr const char* unop_spelling(UnOp op) { return unop_row(op).spelling; }
constexpr const char* assignop_spelling(AssignOp op) { return assignop_row(op).spelling; }
// The ops.def row a binary operator computes with; none for && and ||.
constexpr std::optional<sem::Op> binop_op(BinOp op) { return binop_row(op).op; }

}  // namespace cairn::ast
