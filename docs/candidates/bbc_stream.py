# Every story of BBC news (shared/corpora/en-bbc-news) once, in a fixed shuffled order (seed 1), as
# `dedup` input: how many near-duplicate candidates a page's lookup finds as the namespace grows
# (docs/STORE.md, "Candidates at scale"). Usage: python3 bbc_stream.py <en-bbc-news folder> > bbc.jsonl
import json, os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from bbc_corpus import stories as bbc_stories
stories = bbc_stories(sys.argv[1])
random.Random(1).shuffle(stories)
for u, t in stories:
    print(json.dumps({'url': u, 'title': t.split('\n')[0], 'text': t}))
