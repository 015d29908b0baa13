// The SMT dump (dump_smt.h): make_inputs and encode_call, printed by smtlib_text.
#include "smt/dump_smt.h"

#include "smt/encode.h"
#include "smt/smtlib.h"

namespace cairn::smt {

namespace {

bool own(const check::FnInfo& f, uint32_t own_files_begin) {
  if (f.is_test || f.in_dependency || f.template_of || f.is_template) return false;
  if (!f.name_pos.valid() || f.name_pos.file < own_files_begin) return false;
  return !(f.module && !f.module->path.empty());
}

std::string one_function(const ir::Module& m, const ir::Function& fn) {
  const std::string name = fn.info->full_name();
  Context c;
  Inputs in = make_inputs(c, *fn.info);
  if (in.unsupported) return "; fn " + name + ": outside the modeled fragment: " + *in.unsupported + "\n";
  Encoded e = encode_call(c, m, fn, in);
  if (e.unsupported) return "; fn " + name + ": outside the modeled fragment: " + *e.unsupported + "\n";
  Query q;
  q.assertions.push_back(in.admitted);
  std::string asked = "trapped, past_bound";
  q.wanted.push_back(e.trapped);
  q.wanted.push_back(e.past_bound);
  for (const Observed& o : e.observed) {
    if (o.is_array) {
      q.wanted.push_back(o.length);
      asked += ", " + o.name + ".len";
    } else {
      q.wanted.push_back(o.value);
      asked += ", " + o.name;
    }
  }
  std::string inputs;
  for (const InputLeaf& l : in.leaves) inputs += (inputs.empty() ? "" : ", ") + l.name;
  return "; fn " + name + "\n; inputs: " + (inputs.empty() ? "none" : inputs) + "\n; get-value: " + asked + "\n" +
         smtlib_text(q);
}

}  // namespace

std::string dump_smt(const ir::Module& m, uint32_t own_files_begin) {
  std::string out;
  for (const ir::Function& fn : m.fns) {
    if (!fn.info || !fn.body || !own(*fn.info, own_files_begin)) continue;
    if (!out.empty()) out += "\n";
    out += one_function(m, fn);
  }
  return out;
}

}  // namespace cairn::smt
