-- Combat.Phase: the Speed Chart, one row per fighter, Segments 1 to 12; * marks the Segment
-- now for whoever acts in it, and the line above names whose Phase it is.
function cmPhase()
  local p = gmcp.Combat.Phase
  cm.chart:clear()
  cm.chart:echo(string.format("Fight #%s  Turn %s  Segment %s\n", p.fight or "?", p.turn or "?", p.segment or "?"))
  cm.chart:echo("Phase: " .. (p.phase or "nobody yet") .. "\n")
  cm.chart:echo(string.format("%-14s 123456789012\n", "SPD/DEX"))
  for _, fighter in ipairs(p.chart or {}) do
    local row = {}
    for segment = 1, 12 do
      local acts = table.contains(fighter.segments, segment)
      row[#row + 1] = acts and (segment == p.segment and "*" or "o") or "."
    end
    local name = string.format("%s %d/%d", fighter.name, fighter.spd, fighter.dex)
    cm.chart:echo(string.format("%-14s %s\n", name:sub(1, 14), table.concat(row)))
  end
end
