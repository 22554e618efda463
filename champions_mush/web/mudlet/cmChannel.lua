-- Comm.Channel.Text: every channel line in the Channels tab, as the game wrote it.
function cmChannel()
  cm.chat:echo(gmcp.Comm.Channel.Text.text .. "\n")
end
