-- check_and_record.lua: FingerprintStore.checkAndRecord of one or more pages, each in one atomic
-- step, in order (one EVALSHA for a batch: RedisCalls.PAGES_PER_CALL).
--
-- KEYS[1]   {ns}:config (see _common.lua)
-- ARGV[1..3] the layout (see _common.lua)
-- then per page: the number n of its arguments, then its n arguments, here numbered A[1..n]:
-- A[1]   registry key            A[2]  url hash (8 bytes, the registry field)
-- A[3]   the record (see _common.lua), as written for a unique page (or a skipped one)
-- A[4]   canonical url, or ""    A[5]  its registry key   A[6] its url hash (8 bytes)
-- A[7]   digest map key          A[8]  Bloom shard key
-- A[9], A[10] first and last byte of the digest's Bloom block in the shard
-- A[11]  the k cells in the block (BloomMath.cellsInBlock; k: ARGV[3]), 2 bytes each: the
--        0-based byte of the block that holds the cell, and the cell's bit in that byte
--        (a counting filter: 16 for the high nibble, 1 for the low one)
-- A[12]  the page's site hash (8 bytes, Mirrors.hash), or "" for a page without a site
-- A[13]  the titles key of the record's title key (bytes 48-55), or "" when it has none
-- A[14]  the titles key of the page's title pattern key (PageEntry.patternKey), or "" when it
--        has none        A[15] the pattern key (8 bytes), or ""
-- then, near lookup only, the page's buckets: their group keys, one per SimHash table, one per
--        LSH band, one for the core terms when the record has a core-term address; then all
--        their tags concatenated (SimHash: the page's entry without seq, of ARGV[3]'s tag and
--        non-key widths; band 4 bytes, core 8 bytes);
--        last, the buckets whose group key an earlier bucket already names: pairs of 2-byte
--        1-based bucket numbers (later, earlier), usually none ("")
--        (RedisCodec.addGroups; the same addresses as remove_page in _common.lua)
--
-- Several pages per call: the fixed cost of a call (EVALSHA, running _common.lua, the drift
-- check) is paid once for them, and the batch's replies leave in one piece, one wakeup for the
-- client instead of one per 16 KiB the server read (docs/STORE.md "Replies"). Each page is
-- checked and recorded as if it had its own call: a page sees the pages before it.
--
-- Reply: the pages' replies concatenated, each one string (reply() below;
-- RedisCodec.parseCheck reads it):
--   1 flags: 1 replay, 2 Bloom hit, 4 an earlier version of the url may be in the index (record
--     flag 8: set when the page replaced a record that was an original, or a copy with flag 8;
--     a replay answers its own record's flag)        2-6 seq
--   six pages: self, self's original, the exact match, its original, the canonical, its
--     original; a page is "\0" (none) or "\1" .. seq (5) .. record length (4) .. record
--   2 bytes: the number of candidates, earliest first; each is its page, its original (a page
--     as above), 1 byte Hamming distance + 1 (0: not a SimHash neighbour), 2 bytes band hits,
--     1 byte core-term bucket 0/1
--   1 byte: the number of the site's mirrors, then their site hashes (8 bytes each): read from
--     P..'m' only when the page has an exact match, candidates or its canonical (what the
--     detector compares sites for), else none
--   2 bytes: the originals of the page's site under its title, the page not counted, at most
--     65,535 (CheckResult.titlePages): the count before a new original's HINCRBY, or a replay's
--     count without its own record; 0 for an exact copy
--   2 bytes: the pages of the page's site recorded under its title's pattern before it, at most
--     65,535 (CheckResult.patternPages): the count before a new page's HINCRBY (every new page
--     counts, a copy too; removal leaves the count), or a replay's count without its own
-- Not a table: Redis 6.2 turns each nested table of a script's reply into reply nodes of their
-- own and writes every node with its own write(2), so one page's reply reached the client in
-- 4-20 TCP segments, each a wakeup on both sides (a script with this reply as a table, 16 calls
-- per round trip: 15-18 us of server CPU per call, against 2.6-4.3 us as one string;
-- RedisCalibration, docs/STORE.md "Replies").
-- A replay has no candidates and no canonical, unless the page was recorded unique, its check
-- found candidates or its canonical, and the detector has not said since that it stays unique
-- (record flag 2, cleared by record_near.lua): then its lookups run again, its candidates
-- are the pages before it (the detector decides again; a near decision lost to a store failure
-- is made now), and nothing is written, except that flag 2 is cleared when the second look finds
-- nothing (its candidates and canonical left since: no decision can be lost). Orphans (original_reply in _common.lua) are never a
-- candidate, the exact match or the canonical, and an orphan offered again is no replay: it is
-- removed and decided again, with a new seq (with record flag 4, a recheck, under its own).
--
-- Bucket groups are strings of fixed-width entries tag .. payload; the script reads all of the
-- page's groups with one MGET and writes them back with one MSET. Per-group APPENDs were
-- tried: each redis.call costs the server about as much as a group's MSET share, and APPEND
-- lets Redis keep twice a string's length allocated (groups took 1.75x the memory).
-- The drift check and step 1's reads (the registry field, the old record) come before the page's
-- first write; a key of a foreign type met after them refuses the page after some of its writes,
-- harmless to later verdicts (docs/STORE.md, "Errors"). A page refused stops the call: the pages before it stay recorded
-- (they come back as replays), the pages after it are not checked.

-- a count in 2 bytes, big-endian, capped at 65,535
local function u16(n)
  n = n < 0 and 0 or n > 65535 and 65535 or n
  return char(floor(n / 256), n % 256)
end

-- the reply (header above); p1..p6 are pages {seq, record} or false, cands as in step 4
local function reply(flags, seq, p1, p2, p3, p4, p5, p6, cands, mirrors, titles, patterns)
  local nc = cands and #cands / 5 or 0
  local tp = u16(titles) .. u16(patterns)
  if not (p1 or p2 or p3 or p4 or p5 or p6) and nc == 0 then
    return char(flags) .. seq5(seq) .. '\0\0\0\0\0\0\0\0\0' .. tp -- a new page without matches
  end
  local out = {char(flags), seq5(seq)}
  local function page(p)
    if not p then out[#out + 1] = '\0'; return end
    local n = #p[2]
    out[#out + 1] = '\1' .. seq5(p[1]) .. char(floor(n / 16777216), floor(n / 65536) % 256, floor(n / 256) % 256, n % 256)
    out[#out + 1] = p[2]
  end
  page(p1); page(p2); page(p3); page(p4); page(p5); page(p6)
  out[#out + 1] = char(floor(nc / 256), nc % 256)
  for i = 1, 5 * nc, 5 do
    page(cands[i]); page(cands[i + 1])
    local b = cands[i + 3]
    out[#out + 1] = char(cands[i + 2] + 1, floor(b / 256), b % 256, cands[i + 4])
  end
  local nm = mirrors and math.min(floor(#mirrors / 8), 255) or 0
  out[#out + 1] = char(nm)
  if nm > 0 then out[#out + 1] = sub(mirrors, 1, 8 * nm) end
  out[#out + 1] = tp
  return table.concat(out)
end

-- the packed mirrors of the page's site (A[12]) when the detector will compare sites, else false
local function mirrors_of(o, needed)
  local site = ARGV[o + 12]
  if not needed or site == '' then return false end
  return R('HGET', MIRRORS, site)
end

-- one page: its arguments are ARGV[o + 1 .. last] (A[1..n] above); returns its reply
local function check(o, last)
  local ukey, uh, rec = ARGV[o + 1], ARGV[o + 2], ARGV[o + 3]
  local near = byte(rec, 39) % 2 == 1
  -- record flag 4, sent only: FingerprintStore.recheck (an orphan keeps its seq); never stored
  local recheck = byte(rec, 39) >= 4
  if recheck then rec = with_flags(rec, byte(rec, 39) - 4) end

  -- 1. registry: replay, re-crawl, or new
  local register = true
  local replayed -- a replay of a page recorded unique: its lookups run again (step 4), nothing is written
  local orphan_seq -- a rechecked orphan: decided again under its seq
  local earlier = false -- record flag 8 (reply flag 4): an earlier version may be in the index
  local old = R('HGET', ukey, uh)
  if old then
    local old_rec = get_record(tonumber(old))
    if old_rec and record_url(old_rec) == record_url(rec) then
      local same = sub(old_rec, 15, 30) == sub(rec, 15, 30)
      local old_orig, orphaned = false, false
      if same then old_orig, orphaned = original_reply(old_rec) end
      if same and not orphaned then
        R('HINCRBY', CTR, 'replays', '1')
        -- A page recorded unique whose check found candidates or its canonical may have lost its
        -- near decision (the store failed between this lookup and recordNear, and the tuple came
        -- back): look again, among the pages before it, unless the detector said it stays unique
        -- (recordUnique clears flag 2; at scale nearly every check finds chance candidates).
        -- Without them then, there are none now (every page before it was recorded before that
        -- check), so a re-fetch of an unchanged page, the common replay, costs two reads.
        if not (near and sub(old_rec, 1, 1) == 'u' and byte(old_rec, 39) % 4 == 3) then
          -- reply flag 4 when the record has flag 8 (an earlier version may be in the index)
          local rf = floor(byte(old_rec, 39) / 8) % 2 == 1 and 5 or 1
          return reply(rf, tonumber(old), {tonumber(old), old_rec}, old_orig, false, false, false, false, nil, nil, 0, 0)
        end
        replayed = old_rec
      else
        -- a re-crawl (other content), or an orphan (a copy whose original is gone) offered again:
        -- its old record goes, and the page is decided again as a new one, with a new seq (so a
        -- replay's second look, among the pages before it, sees every page its check could see),
        -- except for a recheck: a batch correcting its own check keeps the page's place.
        -- At maxmemory Redis checks only a script's first write that may use memory; removal
        -- starts with an HDEL (so that remove and expire run when memory is full), which would
        -- let this call's new pages through unchecked: a write that changes nothing goes first.
        R('HSETNX', CFG, 'fp', ARGV[1])
        -- The version it replaces went to the index (an original: unique or skipped), or was a
        -- copy that replaced such a version (no version since went to the index): the caller
        -- deletes the url from the index when this version is a copy. Its fingerprints go here.
        local v = sub(old_rec, 1, 1)
        earlier = v == 'u' or v == 's' or floor(byte(old_rec, 39) / 8) % 2 == 1
        rare().remove_page(tonumber(old), old_rec)
        if same and recheck then
          orphan_seq = tonumber(old) -- the page does not leave: counted apart from orphans (live)
          R('HINCRBY', CTR, 'rechecks', '1')
        else
          R('HINCRBY', CTR, same and 'orphans' or 'recrawls', '1')
        end
      end
    elseif old_rec then
      register = false -- a 64-bit url hash collision: the earlier url keeps the registry field
    end
  end

  -- 2. sequence number
  local seq, sseq
  if replayed then
    seq = tonumber(old)
  elseif orphan_seq then
    seq, sseq = orphan_seq, old
  else
    seq = R('HINCRBY', CTR, 'seq', '1')
    sseq = tostring(seq)
  end

  -- 3. exact: Bloom check-and-add (one block: GETRANGE, SETRANGE when a cell changed), confirmed
  --    by the digest map. Bits: a cell is one bit of its byte. Counting: a 4-bit counter, +1
  --    saturating at 15; a zero counter is a miss.
  local bloom_hit = true
  local exact, exact_rec, exact_orig
  if not replayed then
    local bk, first, top = ARGV[o + 8], ARGV[o + 9], 0
    local blk = R('GETRANGE', bk, first, ARGV[o + 10])
    local b = {byte(blk, 1, -1)}
    local cs = {byte(ARGV[o + 11], 1, -1)}
    for i = 1, 2 * K, 2 do
      local j, m = cs[i] + 1, cs[i + 1]
      local x = b[j] or 0
      if COUNTING then
        local v = m == 16 and floor(x / 16) or x % 16
        if v == 0 then bloom_hit = false end
        if v < 15 then b[j] = x + m; if j > top then top = j end end
      elseif band(x, m) == 0 then
        bloom_hit = false
        b[j] = x + m
        if j > top then top = j end
      end
    end
    if top > 0 then
      for j = #blk + 1, top do b[j] = b[j] or 0 end
      R('SETRANGE', bk, first, char(unpack(b, 1, top)))
    end
    if CONFIRM then
      local dk, df = ARGV[o + 7], sub(rec, 15, 22)
      if bloom_hit then
        local s = R('HGET', dk, df)
        local r = s and get_record(tonumber(s))
        local orphaned = false
        if r and sub(r, 15, 30) == sub(rec, 15, 30) then
          exact_orig, orphaned = original_reply(r)
          if not orphaned then exact, exact_rec = tonumber(s), r end
        end
        -- the first page with this digest left, or is an orphan: this page takes its place
        if not r or orphaned then R('HSET', dk, df, sseq) end
      else
        R('HSETNX', dk, df, sseq)
      end
    end
  end -- not replayed

  -- 4. near-duplicate candidates. Every group of the page is read with one MGET, each bucket's
  --    entries are checked, and the group's new value (with the page's entry appended, so a
  --    bucket lists its pages earliest first) is prepared for one MSET in step 6. An exact page
  --    is not looked up, but its entries are still written, up to the caps: a band or core bucket
  --    keeps its earliest CAP pages, a SimHash bucket a fingerprint's earliest MAXC.
  local cands = {}
  local mset -- the MSET arguments: group key, new value, ...
  if near then
    local g0 = o + 16
    local ng = last - g0 - 1
    local tags = ARGV[last - 1]
    local has_core = sub(rec, 40, 47) ~= '\0\0\0\0\0\0\0\0'
    local vals = R('MGET', unpack(ARGV, g0, g0 + ng - 1))
    local look = not exact
    local sh, s5 = sub(rec, 31, 38), seq5(seq)
    local P4
    local found -- seq -> evidence, packed (HAM, CORE in _common.lua)
    -- sized once: filling an empty table to 2 * ng entries would grow (rehash) it 6-7 times
    mset = {unpack(ARGV, 1, 2 * ng)}
    local to = 1 -- the next tag's offset in tags
    local nbr -- fingerprints found outside table 0 -> hamming
    local res0 -- fingerprints found in table 0 (their pages are known)
    local hit -- band buckets with entries: bucket number, tag, entries read, ... (see gone below)
    local gone -- seqs found whose record is gone
    for i = 1, NT do
      -- SimHash table i - 1: the Hamming distance of every entry of the bucket, on the non-key
      -- bits (the key bits are equal); a match is the query with the differing bits flipped
      local tw = byte(PR, 7 + 2 * i)
      local w = tw + byte(PR, 8 + 2 * i)
      local ew = i == 1 and w + 5 or w
      local e = sub(tags, to, to + w - 1)
      to = to + w
      local v = vals[i] or ''
      local f = v ~= '' and sub(e, 1, tw)
      local p = f and find(v, f, 1, true)
      p = p and find_entry(v, f, p, ew)
      local same, qr, rp = 0, nil, nil -- same: entries equal to the page's (the same fingerprint)
      while p and not look do
        if sub(v, p, p + w - 1) == e then same = same + 1 end
        p = find_entry(v, f, p + ew, ew)
      end
      while p do
        qr = qr or {byte(e, tw + 1, w)}
        P4 = P4 or {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4} -- bits set in nibble n - 1
        local d, diff = 0, nil
        for j = 1, w - tw do
          local x = bxor(byte(v, p + tw + j - 1), qr[j])
          if x ~= 0 then
            d = d + P4[band(x, 15) + 1] + P4[rshift(x, 4) + 1]
            if d > MAXD then break end
            diff = diff or {}
            diff[#diff + 1] = j
            diff[#diff + 1] = x
          end
        end
        if d <= MAXD then
          local fp = sh
          if not diff then
            same = same + 1
          else
            rp = rp or rare().rest_positions(i - 1)
            local BIT = rare().BIT
            local qb = {byte(sh, 1, 8)}
            for k = 1, #diff, 2 do
              for bi = 0, 7 do
                if band(diff[k + 1], BIT[bi + 1]) ~= 0 then
                  local fpos = rp[8 * (diff[k] - 1) + bi + 1]
                  local qi = floor(fpos / 8) + 1
                  qb[qi] = bxor(qb[qi], BIT[fpos % 8 + 1])
                end
              end
            end
            fp = char(unpack(qb))
          end
          if i == 1 then
            local s = unseq5(v, p + w)
            found = found or {}
            found[s] = (found[s] or 0) % HAM + (d + 1) * HAM
            res0 = res0 or {}
            res0[fp] = true
          else
            nbr = nbr or {}
            nbr[fp] = d
          end
        end
        p = find_entry(v, f, p + ew, ew)
      end
      -- A fingerprint the bucket holds MAXC times already is not added again: copies of viral
      -- content would grow the bucket (and every lookup and rewrite of its group) without bound.
      -- A lookup returns at most MAXC candidates anyway; a page kept out is still found by its
      -- bands, as a candidate with no Hamming distance, so it ranks below the kept copies of its
      -- fingerprint (docs/STORE.md, "Limits").
      mset[2 * i - 1] = ARGV[g0 + i - 1]
      mset[2 * i] = same >= MAXC and v or (i == 1 and v .. e .. s5 or v .. e)
    end
    for i = NT + 1, ng do
      -- band or core bucket (the last when the record has a core-term address): its earliest
      -- CAP pages
      local is_core = has_core and i == ng
      local w = is_core and 8 or 4
      local e = sub(tags, to, to + w - 1)
      to = to + w
      local v = vals[i] or ''
      local p = v ~= '' and find(v, e, 1, true)
      local n = 0
      if p then
        p = find_entry(v, e, p, w + 5)
        while p and n < CAP do
          n = n + 1
          if look then
            local s = unseq5(v, p + w)
            found = found or {}
            local c = found[s] or 0
            if not is_core then
              found[s] = c + 1
            elseif c % HAM < CORE then
              found[s] = c + CORE
            end
          end
          p = find_entry(v, e, p + w + 5, w + 5)
        end
      end
      if n > 0 and look and not is_core then
        hit = hit or {}
        hit[#hit + 1] = i
        hit[#hit + 1] = e
        hit[#hit + 1] = n
      end
      -- a bucket keeps its earliest CAP pages: the lookup reads no more. A page decided again
      -- under its seq (a recheck) has its entries in its band buckets still (removal leaves
      -- them, below): they are its entries again.
      mset[2 * i - 1] = ARGV[g0 + i - 1]
      if n >= CAP or (orphan_seq and not is_core and find_entry(v, e .. s5, 1, w + 5)) then
        mset[2 * i] = v
      else
        mset[2 * i] = v .. e .. s5
      end
    end
    -- fingerprints found only outside table 0: their pages, from their table-0 entries
    for fp, d in pairs(nbr or {}) do
      if not (res0 and res0[fp]) then
        local k, e0 = rare().sim_address(0, fp)
        local v = k == ARGV[g0] and (vals[1] or '') or (R('GET', k) or '')
        local ew = #e0 + 5
        local p = find_entry(v, e0, 1, ew)
        while p do
          local s = unseq5(v, p + #e0)
          found = found or {}
          found[s] = (found[s] or 0) % HAM + (d + 1) * HAM
          p = find_entry(v, e0, p + ew, ew)
        end
      end
    end
    -- a group named by two buckets: MSET keeps the last value given for a key, so the later
    -- bucket's value is the earlier one's with the later entry appended
    local dups = ARGV[last]
    local later -- bucket -> the later bucket of its group, whose value MSET keeps
    for d = 1, #dups, 4 do
      local i, j = byte(dups, d) * 256 + byte(dups, d + 1), byte(dups, d + 2) * 256 + byte(dups, d + 3)
      mset[2 * i] = mset[2 * j] .. sub(mset[2 * i], #(vals[i] or '') + 1)
      later = later or {}
      later[j] = i
    end
    if found then
      local seqs = {}
      for s in pairs(found) do seqs[#seqs + 1] = s end
      -- More candidates than a lookup returns: the MAXC with the most evidence (at scale most are
      -- pages that share a band with this one by chance, and the earliest MAXC of those would
      -- push out a later true original; docs/STORE.md "Candidates at scale"); otherwise all of them,
      -- earliest first.
      local ranked = #seqs > MAXC
      if ranked then rare().rank_keys(seqs, found) else table.sort(seqs) end
      for i = 1, #seqs do
        if #cands >= MAXC * 5 then break end
        local s = ranked and seqs[i] % SEQ or seqs[i]
        local read = not replayed or s < seq -- a replay: only the pages before it
        local r = read and get_record(s)
        -- Band entries outlive their page (removal leaves them, below). A page recorded again
        -- under their seq since, with the same digest (a recheck), has the same bands, or none:
        -- a record without near structures (flag 1) owns no entries.
        if r and byte(r, 39) % 2 == 0 then r = false end
        local orig, orphaned
        if r then
          orig, orphaned = original_reply(r)
        elseif read and s ~= seq then
          gone = gone or {} -- its band entries are dropped below
          gone[s] = true
        end
        if r and not orphaned then
          local c = found[s]
          cands[#cands + 1] = {s, r}
          cands[#cands + 1] = orig
          cands[#cands + 1] = floor(c / HAM) - 1
          cands[#cands + 1] = c % CORE
          cands[#cands + 1] = floor(c / CORE) % 2
        end
      end
      if ranked then cands = rare().by_seq(cands) end -- the reply lists them earliest first
    end
    -- Removal (a re-crawl, remove, expiry) leaves a page's band entries: its record holds no band
    -- addresses (32 x 8 bytes a page). Entries of a page found gone are dropped here from the
    -- groups this call rewrites anyway (a re-crawl's new version meets most of its old ones), and
    -- a bucket that was full takes this page if that made room (StoreMaintenance.compact drops
    -- the entries no lookup meets).
    if gone and hit and not replayed then
      local drop = rare().drop_entries
      for h = 1, #hit, 3 do
        local i, e, n = hit[h], hit[h + 1], hit[h + 2]
        while later and later[i] do i = later[i] end -- the value MSET keeps for the group
        local v, d = drop(mset[2 * i], e, 9, gone)
        if n >= CAP and n - d < CAP and not (orphan_seq and find_entry(v, e .. s5, 1, 9)) then
          v = v .. e .. s5
        end
        mset[2 * i] = v
      end
    end
  end

  -- 5. canonical (for a replay that looks again too: the detector may decide by it alone)
  local canonical, canonical_orig = false, false
  if ARGV[o + 4] ~= '' then
    local cs = R('HGET', ARGV[o + 5], ARGV[o + 6])
    if cs then
      local r = get_record(tonumber(cs))
      -- a replay looks among the pages before it only, as for candidates
      if r and record_url(r) == ARGV[o + 4] and (not replayed or tonumber(cs) < seq) then
        local orphaned
        canonical_orig, orphaned = original_reply(r)
        if orphaned then canonical_orig = false else canonical = {tonumber(cs), r} end
      end
    end
  end

  if replayed then
    -- nothing before the page to be a copy of any more (its candidates and canonical left since):
    -- no decision can be lost now, so its later replays need not look again
    if #cands == 0 and not canonical then
      replayed = with_flags(replayed, byte(replayed, 39) - 2)
      R('HSET', record_key(seq), old, replayed)
    end
    local rf = floor(byte(replayed, 39) / 8) % 2 == 1 and 5 or 1
    -- the originals under the page's title but its own record ('u', counted when its title key is the page's)
    local titles = 0
    if ARGV[o + 13] ~= '' then
      local tk = sub(rec, 48, 55)
      titles = tonumber(R('HGET', ARGV[o + 13], tk) or '0') - (sub(replayed, 48, 55) == tk and 1 or 0)
    end
    local patterns = 0
    if ARGV[o + 14] ~= '' then patterns = tonumber(R('HGET', ARGV[o + 14], ARGV[o + 15]) or '1') - 1 end
    return reply(rf, seq, {seq, replayed}, false, false, false, canonical, canonical_orig, cands,
      mirrors_of(o, #cands > 0 or canonical), titles, patterns)
  end

  -- 6. record: as the client built it, unless it is an exact copy
  if earlier then rec = with_flags(rec, byte(rec, 39) + 8) end
  local exact_reply = false
  if exact then
    -- the copy's original is the exact page's, as reads resolve it (never a page since removed
    -- or re-crawled: the exact page is no orphan), or the exact page itself
    local orig = exact_orig and exact_orig[1] or exact
    rec = 'e' .. seq5(orig) .. sub(rec, 7)
    R('ZINCRBY', TOP, '1', orig)
    R('HINCRBY', CTR, 'exact', '1')
    exact_reply = {exact, exact_rec}
  elseif near then
    R('HINCRBY', CTR, 'unique', '1')
    -- flag 2: the check found candidates or the canonical, a near decision could follow, so a
    -- replay looks again (step 1)
    if #cands > 0 or canonical then rec = with_flags(rec, byte(rec, 39) + 2) end
  else
    R('HINCRBY', CTR, 'skipped', '1')
  end
  R('HSET', record_key(seq), sseq, rec)
  -- an original counts under its title (CheckResult.titlePages: the count before it)
  local titles = 0
  if not exact and ARGV[o + 13] ~= '' then titles = R('HINCRBY', ARGV[o + 13], sub(rec, 48, 55), '1') - 1 end
  -- every new page counts under its title's pattern (CheckResult.patternPages: the count before it)
  local patterns = 0
  if ARGV[o + 14] ~= '' then patterns = R('HINCRBY', ARGV[o + 14], ARGV[o + 15], '1') - 1 end
  R('SETBIT', live_key(seq), seq % 4294967296, '1')
  if register then R('HSET', ukey, uh, sseq) end
  if mset then R('MSET', unpack(mset)) end

  return reply((bloom_hit and 2 or 0) + (earlier and 4 or 0), seq, false, false, exact_reply, exact_orig,
    canonical, canonical_orig, cands, mirrors_of(o, exact or #cands > 0 or canonical), titles, patterns)
end

local out, c = {}, 4
while c <= #ARGV do
  local n = tonumber(ARGV[c])
  out[#out + 1] = check(c, c + n)
  c = c + n + 1
end
return table.concat(out)
