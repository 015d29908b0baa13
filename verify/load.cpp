// Reading, digesting and checking the two files of `cairn verify`; a precondition is checked in a scratch copy.
#include "verify/load.h"

#include <stdlib.h>
#include <unistd.h>

#include <cstdio>

#include "base/atomic_file.h"
#include "base/sha256.h"
#include "front/source/source_file.h"
#include "base/temp_dir.h"

namespace cairn::smt {

namespace {

void rename_file(diag::Located& l, const std::string& from, const std::string& to) {
  if (l.file == from) l.file = to;
}

}  // namespace

std::string Side::file_name(uint32_t file) const {
  if (file >= run.sources.size()) return path;
  const std::string& n = run.sources.file(file).display_name;
  return !scratch.empty() && n == scratch ? path : n;
}

bool read_side(const std::string& path, Side& side, std::string& error) {
  side.path = path;
  std::string fault;  // the source rule of check and fmt (front/source/source_file.h), with verify's own limit
  switch (read_source_file(path, kMaxVerifySourceBytes, side.text, fault)) {
    case SourceRead::Ok: break;
    case SourceRead::TooLarge:
      error = path + " has more than 64,000 bytes; cairn verify takes files of at most 64,000 bytes.";
      return false;
    case SourceRead::Unreadable:
      error = "The path " + path + " " + fault + ".";
      return false;
  }
  side.sha256 = sha256_hex(side.text);
  return true;
}

void check_side(Side& side, const std::string& appended) {
  side.ir.reset();
  side.refusal.reset();
  std::string checked = side.path;
  std::string dir;
  if (!appended.empty()) {
    // The scratch copy keeps the file's name so positions and the project's name stay the same.
    std::string error;
    dir = make_temp_dir("cairn-verify", error);
    if (dir.empty()) {
      side.refusal = diag::environment_failure(error);
      return;
    }
    size_t slash = side.path.find_last_of('/');
    checked = dir + "/" + (slash == std::string::npos ? side.path : side.path.substr(slash + 1));
    if (!write_file_atomic(checked, side.text + appended, error)) {
      side.refusal = diag::environment_failure(error);
      rmdir(dir.c_str());
      return;
    }
    side.scratch = checked;
  } else {
    side.scratch.clear();
  }
  side.run = driver::run(checked, driver::Stop::Full);
  if (!dir.empty()) {
    std::remove(checked.c_str());
    rmdir(dir.c_str());
  }
  if (side.run.refusal || !side.run.program) {
    diag::Refusal r = side.run.refusal ? *side.run.refusal : diag::environment_failure("The check of " + side.path + " failed.");
    if (!side.scratch.empty()) {
      rename_file(r.first, side.scratch, side.path);
      for (diag::Located& l : r.further) rename_file(l, side.scratch, side.path);
    }
    side.refusal = r;
    return;
  }
  side.ir = std::make_unique<ir::Module>(ir::build_ir(*side.run.program));
}

std::vector<const check::FnInfo*> own_functions(const Side& side) {
  std::vector<const check::FnInfo*> out;
  if (!side.run.program) return out;
  for (const check::FnInfo& f : side.run.program->fns) {
    if (f.is_test || f.in_dependency || f.template_of || f.is_template) continue;
    if (!f.name_pos.valid() || f.name_pos.file < side.run.project.own_files_begin) continue;
    if (f.module && !f.module->path.empty()) continue;
    out.push_back(&f);
  }
  return out;
}

const check::FnInfo* find_function(const Side& side, const std::string& name) {
  for (const check::FnInfo* f : own_functions(side))
    if (f->name == name) return f;
  // `cairn diff` names any own function by its qualified name: one in a module, or a generic's instance.
  if (!side.run.program) return nullptr;
  for (const check::FnInfo& f : side.run.program->fns) {
    if (f.is_test || f.in_dependency || f.is_template) continue;
    if (!f.name_pos.valid() || f.name_pos.file < side.run.project.own_files_begin) continue;
    if (f.qualified == name) return &f;
  }
  return nullptr;
}

}  // namespace cairn::smt
