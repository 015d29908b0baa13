; fn ratio
; inputs: a, b
; get-value: trapped, past_bound, return
(set-info :smt-lib-version 2.6)
(set-option :produce-models true)
(set-logic QF_BV)
(declare-const b (_ BitVec 32))
(declare-const a (_ BitVec 32))
(assert true)
(check-sat)
(get-value ((or (= b #x00000000) (and (= a #x80000000) (= b #xffffffff))) false (bvsdiv a b)))
(exit)

; fn clamp_low
; inputs: x, lo
; get-value: trapped, past_bound, return
(set-info :smt-lib-version 2.6)
(set-option :produce-models true)
(set-logic QF_BV)
(declare-const x (_ BitVec 8))
(declare-const lo (_ BitVec 8))
(assert true)
(check-sat)
(get-value (false false (ite (not (bvult x lo)) x lo)))
(exit)
