// Visiting every expression and statement of a function body (for instance scans and float facts).
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "front/syntax/ast.h"

namespace cairn::check {

struct AstVisitor {
  std::function<void(ast::Expr*)> on_expr;  // every expression, parents before children
  std::function<void(ast::Stmt*)> on_stmt;  // every statement, before its parts
};

void walk_expr(ast::Expr* e, const AstVisitor& v);
void walk_stmt(ast::Stmt* s, const AstVisitor& v);
void walk_block(ast::Block* b, const AstVisitor& v);
// The body of a function or test: block body or expression body.
void walk_fn_body(ast::Item* fn, const AstVisitor& v);

// Every name a body binds: parameters, lets, unpack binders, storage names, loop, match and collector binders.
std::vector<std::string> bound_names(ast::Item* fn);

}  // namespace cairn::check
