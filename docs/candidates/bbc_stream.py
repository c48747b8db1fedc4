# Every story of BBC news (shared/corpora/en-bbc-news) once, in a fixed shuffled order (seed 1), as
# `dedup` input: how many near-duplicate candidates a page's lookup finds as the namespace grows
# (docs/STORE.md, "Session 8"). Usage: python3 bbc_stream.py <en-bbc-news folder> > bbc.jsonl
import json, os, random, sys
root = sys.argv[1]
stories = []
for cat in sorted(os.listdir(root)):
    d = os.path.join(root, cat)
    if not os.path.isdir(d): continue
    for name in sorted(os.listdir(d)):
        t = open(os.path.join(d, name), encoding='latin-1').read().strip()
        stories.append(('http://bbc/%s/%s' % (cat, name), t))
random.Random(1).shuffle(stories)
for u, t in stories:
    print(json.dumps({'url': u, 'title': t.split('\n')[0], 'text': t}))
