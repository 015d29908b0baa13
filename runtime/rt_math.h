// CAIRN runtime: the few <cmath> functions the runtime needs, by the compiler builtins that libstdc++'s float and
// double overloads of them are (so each rounds and treats NaN, infinities and signed zeros exactly as std:: does).
// Naming the builtins keeps <cmath> out of every build: it was most of the runtime's parse time, about 0.1 s of
// CPU per compile of a program with either compiler.
#pragma once

namespace cr {

inline float m_sqrt(float a) { return __builtin_sqrtf(a); }
inline double m_sqrt(double a) { return __builtin_sqrt(a); }
inline float m_floor(float a) { return __builtin_floorf(a); }
inline double m_floor(double a) { return __builtin_floor(a); }
inline float m_ceil(float a) { return __builtin_ceilf(a); }
inline double m_ceil(double a) { return __builtin_ceil(a); }
inline float m_trunc(float a) { return __builtin_truncf(a); }
inline double m_trunc(double a) { return __builtin_trunc(a); }
inline double m_fabs(double a) { return __builtin_fabs(a); }
inline bool m_signbit(double a) { return __builtin_signbit(a); }
inline bool m_isinf(double a) { return __builtin_isinf(a); }

}  // namespace cr
