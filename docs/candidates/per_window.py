# Candidates per page in windows of a `dedup` output (the "candidates" score: what the page's
# lookup returned; pages without a near lookup have none), and for the near verdicts the band hits
# and SimHash distance of the page they matched (default k = 3). Usage: python3 per_window.py out.jsonl [window]
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
w = int(sys.argv[2]) if len(sys.argv) > 2 else 500
for start in range(0, len(rows), w):
    looked = [r for r in rows[start:start + w] if 'candidates' in (r.get('scores') or {})]
    c = [r['scores']['candidates'] for r in looked]
    # a page decided unique verified none of its candidates: they share bands by chance
    u = [r['scores']['candidates'] for r in looked if r['verdict'] == 'unique']
    print('pages %5d-%5d: %.3f candidates per page looked up (%d), %.3f of them on pages decided unique, most %d'
          % (start + 1, start + len(rows[start:start + w]), sum(c) / max(1, len(c)), len(c),
             sum(u) / max(1, len(c)), max(c or [0])))
near = [r for r in rows if r['verdict'] == 'near']
kinds = {}
for r in near:
    s = r['scores']
    b = s.get('band_hits', 0)
    k = 'band hits %s, Hamming %s 3' % ('>=2' if b >= 2 else b, '<=' if s.get('hamming', 64) <= 3 else '>')
    kinds[k] = kinds.get(k, 0) + 1
print('near verdicts: %d; the matched page: %s' % (len(near), '; '.join('%s: %d' % kv for kv in sorted(kinds.items()))))
