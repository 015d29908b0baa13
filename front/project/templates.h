// The project templates of `cairn new` (tools.md §7): each a set of files that checks, runs (an executable) and
// tests out of the box. `{{name}}` in a file stands for the project's name.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace cairn::project {

struct TemplateFile {
  std::string path;  // relative, with '/'
  std::string text;
};

struct ProjectTemplate {
  std::string_view name;     // "default", "cli", "lib"
  std::string_view summary;  // one line for --help and the record
  bool packaged = true;      // false: reserved by the spec but not packaged here (the reason in `summary`)
};

const std::vector<ProjectTemplate>& project_templates();

// The files of template `name` for a project called `project` (a valid manifest name).
std::vector<TemplateFile> template_files(std::string_view name, const std::string& project);

// A manifest name made from a directory's last component: letters, digits, '_' and '-' kept, others '_', a
// leading non-letter prefixed with "p", at most 64 characters.
std::string project_name_for(const std::string& directory);

}  // namespace cairn::project
