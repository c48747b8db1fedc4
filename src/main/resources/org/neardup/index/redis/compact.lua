-- compact.lua: FingerprintStore.compact of band groups ARGV[4] .. ARGV[4] + ARGV[5] - 1.
--
-- KEYS[1]   {ns}:config            ARGV[1..3] the layout (see _common.lua)
-- ARGV[4]   the first group number   ARGV[5] how many groups
--
-- Removal leaves a page's band entries (its record lists no band addresses; check_and_record.lua
-- drops those a lookup meets): here every entry (4-byte tag, 5-byte seq) whose page has no
-- record any more goes, and a group left empty is deleted. Which seqs have a record: the live
-- bitmap (live_key in _common.lua), read with BITFIELD_RO (read-only: compaction must run at
-- maxmemory), at most 1,000 bits a call; then HEXISTS for each entry whose bit is clear, because
-- a build older than the bitmap writes records without bits (so a clear bit costs one call, and
-- only dead entries and such records have one). An entry whose page was
-- recorded again under its seq without near structures stays (a lookup skips and drops it).
-- Reply: the number of entries dropped.

local first, n = tonumber(ARGV[4]), tonumber(ARGV[5])
local dropped = 0
for g = first, first + n - 1 do
  local k = P .. 'b:' .. g
  local v = R('GET', k)
  if v then
    local seqs = {}
    for p = 1, #v, 9 do
      local s = unseq5(v, p + 4)
      seqs[#seqs + 1] = s
    end
    -- the bits, one call per bitmap key (one key below 2^32 seqs)
    local bits, blocks = {}, {}
    for i, s in ipairs(seqs) do
      local b = floor(s / 4294967296)
      local l = blocks[b]
      if not l then l = {}; blocks[b] = l end
      l[#l + 1] = i
    end
    for b, l in pairs(blocks) do
      local key = live_key(b * 4294967296)
      for from = 1, #l, 1000 do -- unpack has room for a few thousand values
        local a = {}
        for j = from, math.min(#l, from + 999) do
          a[#a + 1] = 'GET'
          a[#a + 1] = 'u1'
          a[#a + 1] = seqs[l[j]] % 4294967296
        end
        local r = R('BITFIELD_RO', key, unpack(a))
        for j = from, math.min(#l, from + 999) do bits[l[j]] = r[j - from + 1] end
      end
    end
    local out, from = {}, 1
    for i, s in ipairs(seqs) do
      if bits[i] == 0 and R('HEXISTS', record_key(s), s) == 0 then
        local p = 9 * (i - 1) + 1
        out[#out + 1] = sub(v, from, p - 1)
        from = p + 9
        dropped = dropped + 1
      end
    end
    if from > 1 then
      out[#out + 1] = sub(v, from)
      local rest = table.concat(out)
      if rest == '' then R('DEL', k) else R('SET', k, rest) end
    end
  end
end
return dropped
