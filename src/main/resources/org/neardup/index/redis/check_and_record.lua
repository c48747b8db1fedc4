-- check_and_record.lua: FingerprintStore.checkAndRecord in one atomic step (one EVALSHA).
--
-- KEYS[1]   {ns}:config (see _common.lua; every other key is derived from its prefix)
-- ARGV[1..14] the layout (see _common.lua)
-- ARGV[15]  url                    ARGV[16] url hash (8 bytes)
-- ARGV[17]  id ("" when = url)     ARGV[18] fetchedAt (epoch ms)
-- ARGV[19]  title                  ARGV[20] canonical url or ""
-- ARGV[21]  canonical url hash (8 bytes, or "")
-- ARGV[22]  digest (16 bytes)      ARGV[23] near lookup (0/1)
-- ARGV[24]  simhash (8 bytes)      ARGV[25] LSH band addresses (8 bytes each)
-- ARGV[26]  core-term address (8 bytes, or "")
-- ARGV[27]  sketch
-- ARGV[28]  Bloom shard key        ARGV[29..28+k] the k Bloom cells ("#cell" when counting),
--           computed by the client (BloomMath; the same as bloom_args in _common.lua)
-- ARGV[29+k..] near lookup only: the page's buckets as (group key, tag) pairs, computed by the
--           client: one per SimHash table, then one per LSH band, then the core terms when
--           ARGV[26] is not "" (the same addresses as saddr / baddr / caddr in _common.lua)
--
-- Reply: {replay 0/1, seq, self, selfOriginal, exact, exactOriginal, bloomHit 0/1, canonical,
--         candidates} where a page is {seq, code, original, fetchedAt, simhash, id, url, title,
--         sketch} or nil, and candidates is a flat list of {page, original, hamming, bandHits,
--         core 0/1}, earliest first.

local function main()
  check_config()
  local url, uh = ARGV[15], ARGV[16]
  local digest = ARGV[22]
  local near = ARGV[23] == '1'
  local sh, bands, core = ARGV[24], ARGV[25], ARGV[26]

  -- 1. registry: replay, re-crawl, or new
  local ukey = P .. 'u:' .. (u32(uh, 1) % NU)
  local register = true
  local old = R('HGET', ukey, uh)
  if old then
    old = tonumber(old)
    local rec = get_record(old)
    if rec and rec[9] == url then
      if rec[5] == digest then
        R('HINCRBY', CTR, 'replays', 1)
        return {1, old, page_reply(old, rec), original_reply(rec), false, false, 0, false, {}}
      end
      remove_page(old, rec)
      R('HINCRBY', CTR, 'recrawls', 1)
    elseif rec then
      register = false -- a 64-bit url hash collision: the earlier url keeps the registry field
    end
  end

  -- 2. sequence number
  local seq = R('HINCRBY', CTR, 'seq', 1)

  -- 3. exact: Bloom check-and-add, confirmed by the digest map
  local BASE = 28 + K
  local bloom_hit = true
  do
    local a, n = {}, 0
    local op = COUNTING and 'INCRBY' or 'SET'
    local ty = COUNTING and 'u4' or 'u1'
    for i = 29, BASE do
      a[n + 1] = op; a[n + 2] = ty; a[n + 3] = ARGV[i]; a[n + 4] = '1'
      n = n + 4
    end
    local r
    if COUNTING then r = R('BITFIELD', ARGV[28], 'OVERFLOW', 'SAT', unpack(a))
    else r = R('BITFIELD', ARGV[28], unpack(a)) end
    for i = 1, #r do
      if (COUNTING and r[i] < 2) or (not COUNTING and r[i] == 0) then bloom_hit = false; break end
    end
  end
  local exact, exact_rec
  if CONFIRM then
    local dk, df = dkey(digest)
    if bloom_hit then
      local s = R('HGET', dk, df)
      local r = s and get_record(tonumber(s))
      if r and r[5] == digest then
        exact, exact_rec = tonumber(s), r
      elseif not r then
        R('HSET', dk, df, seq)
      end
    else
      R('HSETNX', dk, df, seq)
    end
  end

  -- 4. near-duplicate candidates (every bucket group of the page is read with one MGET; the
  --    values are kept for the write in step 6)
  local cands = {}
  local nb = (#ARGV - BASE) / 2
  local vals, s5
  if near then
    s5 = seq5(seq)
    local ks = {}
    for i = 1, nb do ks[i] = ARGV[BASE - 1 + 2 * i] end
    local r = R('MGET', unpack(ks))
    vals = {}
    for i = 1, nb do vals[ks[i]] = r[i] or '' end
  end
  if near and not exact then
    local found = {} -- seq -> {hamming, bandHits, core}
    local q = { byte(sh, 1, 8) }
    for i = 1, nb do
      local f = ARGV[BASE + 2 * i]
      local v = vals[ARGV[BASE - 1 + 2 * i]]
      local lf = #f
      local w = lf + 5
      if i <= NT then
        w = lf + 13
        -- SimHash table: check every entry of the bucket
        local p = find_entry(v, f, 1, w)
        while p do
          local o = p + lf
          local a1, a2, a3, a4, a5, a6, a7, a8 = byte(v, o, o + 7)
          local d = POP[bxor(a1, q[1]) + 1] + POP[bxor(a2, q[2]) + 1] + POP[bxor(a3, q[3]) + 1]
              + POP[bxor(a4, q[4]) + 1] + POP[bxor(a5, q[5]) + 1] + POP[bxor(a6, q[6]) + 1]
              + POP[bxor(a7, q[7]) + 1] + POP[bxor(a8, q[8]) + 1]
          if d <= MAXD then
            local s = unseq5(v, o + 8)
            local c = found[s]
            if not c then found[s] = {d, 0, 0} else c[1] = d end
          end
          p = find_entry(v, f, p + w, w)
        end
      else
        -- band or core bucket: its earliest CAP pages
        local is_core = core ~= '' and i == nb
        local n = 0
        local p = find_entry(v, f, 1, w)
        while p and n < CAP do
          n = n + 1
          local s = unseq5(v, p + lf)
          local c = found[s]
          if is_core then
            if not c then found[s] = {-1, 0, 1} else c[3] = 1 end
          else
            if not c then found[s] = {-1, 1, 0} else c[2] = c[2] + 1 end
          end
          p = find_entry(v, f, p + w, w)
        end
      end
    end
    local seqs = {}
    for s in pairs(found) do seqs[#seqs + 1] = s end
    table.sort(seqs)
    for i = 1, #seqs do
      if #cands >= MAXC * 5 then break end
      local s = seqs[i]
      local r = get_record(s)
      if r then
        local c = found[s]
        cands[#cands + 1] = page_reply(s, r)
        cands[#cands + 1] = original_reply(r)
        cands[#cands + 1] = c[1]
        cands[#cands + 1] = c[2]
        cands[#cands + 1] = c[3]
      end
    end
  end

  -- 5. canonical
  local canonical = false
  if ARGV[20] ~= '' and ARGV[20] ~= url then
    local ch = ARGV[21]
    local cs = R('HGET', P .. 'u:' .. (u32(ch, 1) % NU), ch)
    if cs then
      local r = get_record(tonumber(cs))
      if r and r[9] == ARGV[20] then canonical = page_reply(tonumber(cs), r) end
    end
  end

  -- 6. record
  local code, orig = 'u', 0
  if exact then
    code = 'e'
    orig = exact_rec[2] ~= 0 and exact_rec[2] or exact
    R('ZINCRBY', TOP, 1, orig)
    R('HINCRBY', CTR, 'exact', 1)
  elseif near then
    R('HINCRBY', CTR, 'unique', 1)
  else
    code = 's'
    R('HINCRBY', CTR, 'skipped', 1)
  end
  R('HINCRBY', CTR, 'pages', 1)
  R('HINCRBY', CTR, 'live', 1)
  put_record(seq, {code, orig, tonumber(ARGV[18]), near and sh or '', digest,
    near and core or '', near and bands or '', ARGV[17], url, ARGV[19], ARGV[27]})
  if register then R('HSET', ukey, uh, seq) end
  if near then
    local changed = {}
    for i = 1, nb do
      local k = ARGV[BASE - 1 + 2 * i]
      if i <= NT then
        vals[k] = vals[k] .. ARGV[BASE + 2 * i] .. sh .. s5
      else
        vals[k] = vals[k] .. ARGV[BASE + 2 * i] .. s5
      end
      changed[k] = true
    end
    write_groups(vals, changed)
  end

  local exact_reply, exact_orig = false, false
  if exact then
    exact_reply = page_reply(exact, exact_rec)
    exact_orig = original_reply(exact_rec)
  end
  return {0, seq, false, false, exact_reply, exact_orig, bloom_hit and 1 or 0, canonical, cands}
end

return run(main)
