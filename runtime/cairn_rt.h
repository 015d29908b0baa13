// CAIRN runtime: the one header generated C++ includes. Header-only, independent of the compiler project.
#pragma once
#include "rt_trap.h"
#include "rt_ops.h"
#include "rt_convert.h"
#include "rt_storage.h"
#include "rt_float_text.h"
#include "rt_print.h"
#include "rt_main.h"
#ifndef CAIRN_FREESTANDING
#include "rt_call.h"  // the isolated-call harness needs a hosted process
#endif
