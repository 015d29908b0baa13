// `cairn fuzz --smt` as a command's result: run_smt_mode's campaign, each mismatch kept under DIR/smt/HASH.cairn,
// the cairn.fuzz/1 record with mode "smt", its human lines and the exit code (0 agreed; 1 a mismatch or a
// generator defect).
#pragma once
#include <string>

#include "fuzz/run/campaign.h"
#include "fuzz/smt/smt_mode.h"

namespace cairn::fuzz {

CampaignResult run_smt_campaign(const SmtOptions& options, const std::string& out_dir);

}  // namespace cairn::fuzz
