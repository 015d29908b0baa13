// Items of language.md §2.1 other than functions: module, import, const, struct, enum, family, test, plan.
#include "front/lex/literal.h"
#include "front/parse/parser.h"

namespace cairn::parse {

namespace {
const char* const kItemList = "an item (fn, struct, enum, const, module, import, test, plan or family)";
}

ast::Item* Parser::item() {
  const Token& first = tok();
  std::vector<std::string> doc = doc_before(first);
  ast::Item* it = nullptr;
  switch (first.kind) {
    case TokKind::Module: it = module_decl(); break;
    case TokKind::Import: it = import_decl(); break;
    case TokKind::Pub: it = item_after_pub(advance()); break;
    case TokKind::Const: case TokKind::Struct: case TokKind::Linear: case TokKind::Enum: case TokKind::Fn:
    case TokKind::Family:
      it = item_after_pub(first);  // no `pub`: the same forms
      break;
    case TokKind::Ident:
      if (at_word(ContextWord::Test) && (peek().kind == TokKind::Ident || lex::is_keyword(peek().kind))) {
        it = test_decl();
        break;
      }
      if (at_word(ContextWord::Plan) && peek().kind == TokKind::Ident) {
        it = plan_decl();
        break;
      }
      refuse_stage2_item();
      fail(Code::Declaration, first, "Expected " + std::string(kItemList) + ", found " + describe(first) + ".");
    default:
      refuse_stage2_item();
      fail(Code::Declaration, first, "Expected " + std::string(kItemList) + ", found " + describe(first) + ".");
  }
  it->doc = std::move(doc);
  it->end = pos_of(toks_[i_ > 0 ? i_ - 1 : 0]);
  return it;
}

// `pub` (already consumed when `pub.kind == Pub`) before const, struct, linear struct, enum, fn, family.
ast::Item* Parser::item_after_pub(const Token& pub) {
  bool is_pub = pub.kind == TokKind::Pub;
  Pos start = pos_of(pub);
  ast::Item* it = nullptr;
  switch (tok().kind) {
    case TokKind::Const: it = const_decl(start); break;
    case TokKind::Struct: case TokKind::Linear: it = struct_decl(start); break;
    case TokKind::Enum: it = enum_decl(start); break;
    case TokKind::Fn: it = fn_decl(start); break;
    case TokKind::Family: it = family_decl(start); break;
    default:
      refuse_stage2_item();
      fail(Code::Parse, pub, "pub may precede only const, struct, enum, fn and family.");
  }
  it->is_pub = is_pub;
  return it;
}

void Parser::refuse_stage2_item() {
  const Token& t = tok();
  switch (t.kind) {
    case TokKind::Trait: case TokKind::Impl: case TokKind::Dyn: unsupported(t, "traits");
    case TokKind::Extern: case TokKind::Unsafe: unsupported(t, "foreign");
    case TokKind::Kernel: unsupported(t, "device");
    case TokKind::Derive: unsupported(t, "recipes");
    default: break;
  }
  if (peek().kind == TokKind::Ident) {
    if (lex::is_word(t, ContextWord::Recipe)) unsupported(t, "recipes");
    if (lex::is_word(t, ContextWord::Layout)) unsupported(t, "device");
  }
}

ast::Item* Parser::module_decl() {
  ast::Item* it = arena_.item(ast::ItemKind::Module, pos_of(advance()));
  const Token& first = tok();
  it->path = path("a module name");
  if (it->path.front().name == "std")
    fail(Code::Declaration, first, "Module paths beginning with std are reserved for the standard library.");
  expect(TokKind::Semi);
  return it;
}

ast::Item* Parser::import_decl() {
  ast::Item* it = arena_.item(ast::ItemKind::Import, pos_of(advance()));
  it->path = path("a module name");
  if (accept(TokKind::As)) it->alias = name("an alias name");
  if (accept(TokKind::LParen)) {
    do {
      it->names.push_back(name("an imported name"));
    } while (accept(TokKind::Comma));
    expect(TokKind::RParen);
  }
  expect(TokKind::Semi);
  return it;
}

ast::Item* Parser::const_decl(Pos start) {
  advance();
  ast::Item* it = arena_.item(ast::ItemKind::Const, start);
  it->name = name("a constant name");
  expect(TokKind::Colon);
  it->type = type();
  expect(TokKind::Assign);
  it->init = expr();
  expect(TokKind::Semi);
  return it;
}

// `[T, K:nat, ...]` after a name: natural parameters (core) or type parameters (Stage 2, for the checker).
void Parser::type_params(std::vector<ast::NatParam>& out) {
  expect(TokKind::LBracket);
  do {
    ast::NatParam p;
    p.pos = pos();
    p.name = name("a parameter name");
    if (accept(TokKind::Colon)) {
      if (accept(TokKind::Nat)) {
        p.is_nat = true;
      } else if (!accept(TokKind::Type)) {
        path("a bound");
        while (accept(TokKind::Plus)) path("a bound");
      }
    }
    out.push_back(std::move(p));
  } while (accept(TokKind::Comma));
  expect(TokKind::RBracket);
}

ast::Item* Parser::struct_decl(Pos start) {
  bool linear = accept(TokKind::Linear);
  if (!at(TokKind::Struct)) fail_expected("'struct' after 'linear'");
  advance();
  ast::Item* it = arena_.item(ast::ItemKind::Struct, start);
  it->is_linear = linear;
  it->name = name("a record name");
  if (at(TokKind::LBracket)) type_params(it->type_params);
  if (at_word(ContextWord::Packed)) {
    advance();
    it->packed = true;
  } else if (at_word(ContextWord::Align) && peek().kind == TokKind::LParen) {
    advance();
    advance();
    it->align = expr();
    expect(TokKind::RParen);
  }
  expect(TokKind::LBrace);
  while (!at(TokKind::RBrace)) {
    if (at_word(ContextWord::Lends) && peek().kind != TokKind::Colon)
      lends_decl(*it);
    else
      field_decl(*it);
  }
  advance();
  return it;
}

// A trailing `[IDENT]` after a field's type is a field extent (§2.1): `values:Buf[f64][rows]`, and also
// `x:u64[k]` (a field extent on a non-Buf field, refused later), which the type rule alone reads as arguments.
void Parser::field_decl(ast::Item& s) {
  ast::FieldDecl f;
  f.name = name("a field name");
  expect(TokKind::Colon);
  f.type = type();
  if (at(TokKind::LBracket)) {
    advance();
    f.extent = name("a field extent (an earlier usize field)");
    expect(TokKind::RBracket);
  } else if (f.type->kind == ast::TypeKind::Named && f.type->args.size() == 1) {
    static const char* const kGeneric[] = {"Buf", "Array", "Option", "Result"};
    const ast::TypeExpr* arg = f.type->args[0];
    bool generic = false;
    for (const char* g : kGeneric) generic = generic || f.type->path.back().name == g;
    if (!generic && arg->kind == ast::TypeKind::Named && arg->path.size() == 1 && arg->args.empty()) {
      f.extent = arg->path[0];
      f.type->args.clear();
    }
  }
  expect(TokKind::Semi);
  s.fields.push_back(std::move(f));
}

void Parser::lends_decl(ast::Item& s) {
  ast::LendsDecl l;
  l.pos = pos_of(advance());
  l.field = name("the lent field's name");
  expect(TokKind::LBracket);
  l.lo = nat_arg();
  expect(TokKind::DotDot);
  l.hi = nat_arg();
  expect(TokKind::RBracket);
  expect(TokKind::Semi);
  s.lends.push_back(std::move(l));
}

ast::Item* Parser::enum_decl(Pos start) {
  advance();
  ast::Item* it = arena_.item(ast::ItemKind::Enum, start);
  it->name = name("a sum name");
  if (at(TokKind::LBracket)) type_params(it->type_params);
  expect(TokKind::LBrace);
  while (!at(TokKind::RBrace)) {
    ast::VariantDecl v;
    v.name = name("a variant name");
    if (accept(TokKind::LParen)) {
      v.payload = type();
      expect(TokKind::RParen);
    }
    expect(TokKind::Semi);
    it->variants.push_back(std::move(v));
  }
  advance();
  return it;
}

ast::Item* Parser::family_decl(Pos start) {
  advance();
  ast::Item* it = arena_.item(ast::ItemKind::Family, start);
  it->name = name("a family name");
  expect(TokKind::Assign);
  it->path = path("a template name");
  expect(TokKind::LBracket);
  it->lo = nat_arg();
  expect(TokKind::DotDot);
  it->hi = nat_arg();
  expect(TokKind::RBracket);
  expect(TokKind::Semi);
  return it;
}

ast::Item* Parser::test_decl() {
  ast::Item* it = arena_.item(ast::ItemKind::Test, pos_of(advance()));
  it->name = name("a test name");
  if (at(TokKind::LParen)) {
    it->has_param_list = true;
    params(it->params);
  }
  if (accept(TokKind::Arrow)) it->result = type();
  if (!at(TokKind::LBrace)) fail_expected("'{' to start the test block");
  block_depth_ = 0;
  in_body_ = true;
  it->body = block();
  in_body_ = false;
  return it;
}

ast::Item* Parser::plan_decl() {
  ast::Item* it = arena_.item(ast::ItemKind::Plan, pos_of(advance()));
  it->path = path("a function name");
  if (at(TokKind::LBrace)) unsupported(tok(), "lanes");  // plan f { grain 64; }
  if (!at_word(ContextWord::Use)) fail_expected("'use'");
  advance();
  it->use_path = path("an implementation name");
  if (accept(TokKind::LBracket)) {
    it->has_nat_args = true;
    do {
      it->nat_args.push_back(nat_arg());
    } while (accept(TokKind::Comma));
    expect(TokKind::RBracket);
  }
  expect(TokKind::Semi);
  return it;
}

}  // namespace cairn::parse
