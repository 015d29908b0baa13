; fn fact: outside the modeled fragment: recursion: fact calls itself
