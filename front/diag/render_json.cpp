// The cairn.diagnostic/2 record and the serialization every record shares (compact or indented).
#include "front/diag/report.h"

namespace cairn::diag {

namespace {

void put_diagnostic(nlohmann::ordered_json& j, const Located& l) {
  j["code"] = std::string(code_name(l.code));
  j["message"] = l.message;
  if (!l.file.empty()) j["file"] = l.file;
  if (l.has_pos) {
    j["line"] = l.line;
    j["column"] = l.column;
  }
  j["card"] = std::string(card_name(code_card(l.code)));
  if (l.help) j["repair_hint"] = *l.help;
}

}  // namespace

nlohmann::ordered_json refusal_json(const Refusal& r) {
  nlohmann::ordered_json j;
  j["protocol"] = "cairn.diagnostic/2";
  j["status"] = r.environment ? "unknown" : "rejected";
  put_diagnostic(j, r.first);
  nlohmann::ordered_json further = nlohmann::ordered_json::array();
  for (const Located& l : r.further) {
    nlohmann::ordered_json f;
    put_diagnostic(f, l);
    further.push_back(std::move(f));
  }
  j["further"] = std::move(further);
  j["further_omitted"] = r.further_omitted;
  j["not_judged"] = r.not_judged;
  if (r.further_stopped) j["further_stopped"] = *r.further_stopped;
  return j;
}

std::string record_text(const nlohmann::ordered_json& record, bool indented) {
  // Invalid UTF-8 (a message quoting a hostile source byte) is replaced, never thrown.
  return record.dump(indented ? 2 : -1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace cairn::diag
