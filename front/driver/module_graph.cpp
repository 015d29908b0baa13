// The graph: files in manifest order, each item attributed to the module in force where it stands (a `module`
// item switches it for the items after it); a file depends on the files declaring the modules it imports. The
// order is Kahn's, ties broken by manifest order; files on a cycle follow in manifest order, listed under `cycle`.
#include "front/driver/module_graph.h"

#include <algorithm>
#include <map>
#include <set>

#include "front/check/types.h"
#include "front/driver/check_record.h"
#include "base/sha256.h"

namespace cairn::driver {

namespace {

using Json = nlohmann::ordered_json;

std::string path_text(const ast::Path& p) {
  std::string s;
  for (const ast::Ident& i : p) s += (s.empty() ? "" : ".") + i.name;
  return s;
}

struct FileFacts {
  std::set<std::string> modules, imports;
  std::vector<std::string> exports;
};

// The interface lines of every public item, by module path.
std::map<std::string, std::vector<std::string>> interface_lines(const check::Program& p) {
  std::map<std::string, std::vector<std::string>> out;
  auto path = [](const check::ModuleInfo* m) { return m ? m->path : std::string(); };
  for (const check::ConstInfo& c : p.consts)
    if (c.is_pub) out[path(c.module)].push_back("const " + c.name + ":" + check::type_name(c.type));
  for (const check::RecordInfo& r : p.records) {
    if (!r.is_pub) continue;
    std::string s = "struct " + r.qualified + " {";
    for (const check::FieldInfo& f : r.fields) s += " " + f.name + ":" + check::type_name(f.type) + ";";
    out[path(r.module)].push_back(s + " }");
  }
  for (const check::SumInfo& e : p.sums) {
    if (!e.is_pub || !e.decl) continue;
    std::string s = "enum " + e.qualified + " {";
    for (const check::VariantInfo& v : e.variants) s += " " + v.name + (v.payload ? "(" + check::type_name(v.payload) + ")" : "") + ";";
    out[path(e.module)].push_back(s + " }");
  }
  for (const check::FnInfo& f : p.fns) {
    if (!f.is_pub || f.is_test || f.is_template) continue;
    std::vector<std::string> names;
    for (const check::ParamSig& ps : f.params) names.push_back(ps.name);
    std::string row;
    for (const std::string& l : check::row_labels(f.row, names)) row += " " + l;
    out[path(f.module)].push_back(signature_text(f) + " effects" + row);
  }
  for (auto& [m, lines] : out) std::sort(lines.begin(), lines.end());
  return out;
}

}  // namespace

Json module_graph(const CheckRun& run, bool interfaces) {
  const size_t n = run.files.size();
  std::vector<FileFacts> facts(n);
  std::map<std::string, std::set<size_t>> declared_in;  // module path -> files
  for (size_t i = 0; i < n; ++i) {
    std::string current;
    facts[i].modules.insert("");
    bool root_used = false;
    for (const ast::Item* item : run.files[i].items) {
      if (item->kind == ast::ItemKind::Module) {
        current = path_text(item->path);
        facts[i].modules.insert(current);
        continue;
      }
      if (item->kind == ast::ItemKind::Import) {
        facts[i].imports.insert(path_text(item->path));
        continue;
      }
      if (current.empty()) root_used = true;
      if (item->is_pub && !item->name.name.empty())
        facts[i].exports.push_back(current.empty() ? item->name.name : current + "." + item->name.name);
    }
    if (!root_used) facts[i].modules.erase("");
    for (const std::string& m : facts[i].modules) declared_in[m].insert(i);
  }
  std::vector<std::set<size_t>> deps(n), dependents(n);
  for (size_t i = 0; i < n; ++i)
    for (const std::string& m : facts[i].imports)
      if (auto it = declared_in.find(m); it != declared_in.end())
        for (size_t j : it->second)
          if (j != i) {
            deps[i].insert(j);
            dependents[j].insert(i);
          }
  std::vector<size_t> order, cycle;
  std::vector<size_t> left(n);
  for (size_t i = 0; i < n; ++i) left[i] = deps[i].size();
  std::vector<bool> placed(n, false);
  for (bool progress = true; progress;) {
    progress = false;
    for (size_t i = 0; i < n; ++i) {
      if (placed[i] || left[i]) continue;
      placed[i] = true;
      order.push_back(i);
      for (size_t d : dependents[i]) --left[d];
      progress = true;
      break;  // restart from the first file: ties go to manifest order
    }
  }
  for (size_t i = 0; i < n; ++i)
    if (!placed[i]) cycle.push_back(i);
  auto name = [&](size_t i) { return run.sources.file(static_cast<uint32_t>(i)).display_name; };
  Json files = Json::array();
  for (size_t i = 0; i < n; ++i) {
    Json f = {{"file", name(i)}, {"sha256", sha256_hex(run.sources.file(static_cast<uint32_t>(i)).text)},
              {"dependency", i < run.project.files.size() && run.project.files[i].dependency}};
    Json mods = Json::array(), imps = Json::array(), users = Json::array();
    for (const std::string& m : facts[i].modules) mods.push_back(m);
    for (const std::string& m : facts[i].imports) imps.push_back(m);
    for (size_t d : dependents[i]) users.push_back(name(d));
    f["modules"] = mods;
    f["imports"] = imps;
    f["exports"] = facts[i].exports;
    f["dependents"] = users;
    files.push_back(f);
  }
  Json j = {{"protocol", "cairn.graph/1"}, {"project", run.project.name}, {"files", files}};
  Json ord = Json::array(), cyc = Json::array();
  for (size_t i : order) ord.push_back(name(i));
  for (size_t i : cycle) {
    ord.push_back(name(i));
    cyc.push_back(name(i));
  }
  j["order"] = ord;
  if (!cyc.empty()) j["cycle"] = cyc;
  if (interfaces && run.program) {
    Json mods = Json::object();
    std::map<std::string, std::vector<std::string>> lines = interface_lines(*run.program);
    for (const auto& [m, files_of] : declared_in) {
      std::string text;
      for (const std::string& l : lines[m]) text += l + "\n";
      mods[m.empty() ? "(root)" : m] = {{"interface_sha256", sha256_hex(text)}, {"public_items", lines[m].size()}};
    }
    j["interfaces"] = mods;
  }
  return j;
}

std::string module_graph_text(const Json& g) {
  std::string s;
  for (const Json& name : g["order"]) {
    for (const Json& f : g["files"]) {
      if (f["file"] != name) continue;
      auto list = [](const Json& a) {
        std::string t;
        for (const Json& x : a) t += (t.empty() ? "" : ", ") + (x.get<std::string>().empty() ? std::string("(root)") : x.get<std::string>());
        return t.empty() ? std::string("-") : t;
      };
      s += f["file"].get<std::string>() + "  sha256 " + f["sha256"].get<std::string>().substr(0, 16) + "\n";
      s += "  modules " + list(f["modules"]) + "; imports " + list(f["imports"]) + "; dependents " + list(f["dependents"]) + "\n";
    }
  }
  if (g.contains("cycle")) s += "cycle: the files above from " + g["cycle"][0].get<std::string>() + " on import each other\n";
  if (g.contains("interfaces"))
    for (const auto& [m, v] : g["interfaces"].items())
      s += "interface " + m + "  " + v["interface_sha256"].get<std::string>().substr(0, 16) + "\n";
  return s;
}

}  // namespace cairn::driver
