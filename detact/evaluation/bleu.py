"""Sentence BLEU with the semantics of NLTK's ``sentence_bleu`` (no smoothing).

OmniACT's scorer calls ``sentence_bleu([reference], candidate, weights=(0.5, 0.5))``
with plain strings, so NLTK iterates them character by character: BLEU over
character unigrams and bigrams. NLTK's default smoothing (``method0``) replaces a
zero n-gram precision by the smallest positive float, which makes the score
practically 0 (e.g. any one-character candidate scores ~1e-154), and a candidate
with no unigram match scores exactly 0. This module reproduces that without the
NLTK dependency.
"""
from __future__ import annotations

import math
import sys
from collections import Counter
from collections.abc import Sequence


def _ngrams(tokens: Sequence, n: int) -> Counter:
    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))


def sentence_bleu(references: Sequence[Sequence], hypothesis: Sequence,
                  weights: Sequence[float] = (0.25, 0.25, 0.25, 0.25)) -> float:
    """BLEU of ``hypothesis`` against ``references`` (token sequences; a str is a
    sequence of characters), clipped n-gram precision up to ``len(weights)``,
    brevity penalty from the closest reference length, NLTK ``method0`` smoothing."""
    if not references:
        raise ValueError("sentence_bleu needs at least one reference")
    hyp_len = len(hypothesis)
    precisions = []
    for n in range(1, len(weights) + 1):
        counts = _ngrams(hypothesis, n)
        max_ref: Counter = Counter()
        for ref in references:
            max_ref |= _ngrams(ref, n)  # | keeps the per-n-gram maximum
        matched = sum(min(c, max_ref[g]) for g, c in counts.items())
        precisions.append((matched, max(1, sum(counts.values()))))
    if precisions[0][0] == 0:
        return 0.0
    closest = min((len(r) for r in references), key=lambda r: (abs(r - hyp_len), r))
    if hyp_len > closest:
        bp = 1.0
    elif hyp_len == 0:
        bp = 0.0
    else:
        bp = math.exp(1 - closest / hyp_len)
    log_sum = math.fsum(w * math.log(num / den if num else sys.float_info.min)
                        for w, (num, den) in zip(weights, precisions))
    return bp * math.exp(log_sum)
