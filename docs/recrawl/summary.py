# Verdicts of each part of the re-crawl stream (gen.py) in a dedup output.
import json, sys, collections
rows = [json.loads(l) for l in open(sys.argv[1])]
parts = {'story': rows[0:600:2], 'mirror': rows[1:600:2],
         'story re-crawled (+1 sentence)': rows[600:900], 'mirror fetched again': rows[900:1200]}
for name, rs in parts.items():
    c = collections.Counter()
    for r in rs:
        v, dup = r['verdict'], r.get('duplicate_of_url') or ''
        if v in ('exact', 'near'):
            v += ' of ' + ('nothing' if not dup else 'its own mirror' if '//mirror/' in dup and '//bbc/' in r['url']
                           else 'a story')
        c[v] += 1
    print('%-32s %s' % (name, ', '.join('%s %d' % kv for kv in sorted(c.items()))))
