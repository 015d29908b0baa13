// `cairn new DIR [--template default|cli|lib|service|parallel]`: a project written from a template into a new
// (or empty) directory; the cairn.new/1 record or one line per file written.
#include <filesystem>

#include "cli/args.h"
#include "cli/command.h"
#include "cli/open_command.h"
#include "cli/output.h"
#include "front/project/templates.h"
#include "base/atomic_file.h"

namespace cairn::cli {

namespace {
constexpr FlagSpec kFlags[] = {
    {"template", "default|cli|lib|service|parallel", true, "default", "what the project starts as"},
    {"format", "human|json", true, "human at a terminal, json otherwise", "the output form"},
};
}  // namespace

int cmd_new(const Command& cmd, const std::vector<std::string>& argv) {
  namespace fs = std::filesystem;
  Args args;
  Output out;
  if (std::optional<int> answered = open_command(cmd, argv, kFlags, args, out)) return *answered;
  if (args.operands.size() != 1) return usage_error(out, "cairn new takes one DIR, the project's new directory.");
  const std::string dir = args.operands[0];
  const std::string name = args.get("template").value_or("default");
  for (const project::ProjectTemplate& t : project::project_templates())
    if (t.name == name && !t.packaged)
      return print_refusal(out, diag::environment_failure("The template " + name + " is " + std::string(t.summary) + "; use default, cli or lib."));
  std::error_code ec;
  if (fs::exists(dir, ec) && (!fs::is_directory(dir, ec) || !fs::is_empty(dir, ec)))
    return print_refusal(out, diag::environment_failure(dir + " already exists and is not an empty directory; cairn new writes only into a new or empty one.", dir));
  std::string project = project::project_name_for(fs::absolute(dir, ec).lexically_normal().string());
  std::vector<project::TemplateFile> files = project::template_files(name, project);
  nlohmann::ordered_json written = nlohmann::ordered_json::array();
  for (const project::TemplateFile& f : files) {
    fs::path path = fs::path(dir) / f.path;
    fs::create_directories(path.parent_path(), ec);
    std::string error;
    if (ec || !write_file_atomic(path.string(), f.text, error))
      return print_refusal(out, diag::environment_failure("Cannot write " + path.string() + ": " + (ec ? ec.message() + "." : error)));
    written.push_back(f.path);
  }
  nlohmann::ordered_json record = {{"protocol", "cairn.new/1"}, {"status", "written"}, {"directory", dir},
                                   {"template", name}, {"name", project}, {"files", written}};
  if (out.format == Format::Json) {
    print_record(out, record);
    return 0;
  }
  std::string text = "wrote " + dir + " from the " + name + " template (project " + project + "):\n";
  for (const project::TemplateFile& f : files) text += "  " + f.path + "\n";
  text += name == "lib" ? "next: cairn check " + dir + " && cairn test " + dir + "\n"
                        : "next: cairn run " + dir + " && cairn test " + dir + "\n";
  print_text(text);
  return 0;
}

}  // namespace cairn::cli
