// Where a file lies relative to the repository it belongs to: the paths machine reports (SARIF, the diff
// record's locations, Markdown links) give, so that a code-scanning service or a blob URL finds the file.
#pragma once
#include <string>

namespace cairn {

// The git work tree around DIR: the nearest directory at or above it (made absolute and free of `.`, `..`
// and symbolic links) that holds a `.git` entry (a directory, or the file of a linked work tree). "" when none.
std::string repository_root(const std::string& dir);

// The root reports are relative to: the work tree around the current directory, else the current directory.
// Absolute, without a trailing slash (except "/" itself).
std::string report_root();

// PATH (absolute, or relative to the current directory) relative to ROOT with `/` separators, when PATH lies
// inside ROOT; else PATH made absolute. Both are resolved the same way, so a symbolic link in either is seen
// through.
std::string relative_to(const std::string& path, const std::string& root);

// "file:///a/b%20c/" for the directory /a/b c: a file URI with a trailing slash, each byte outside the
// unreserved set and `/` percent-encoded (RFC 3986, RFC 8089).
std::string directory_uri(const std::string& absolute_dir);

// A relative path as a URI reference: each byte outside the unreserved set and `/` percent-encoded.
std::string uri_path(const std::string& relative);

}  // namespace cairn
