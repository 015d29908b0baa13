au BufRead,BufNewFile *.cairn setfiletype cairn
