-- A fresh install opens on a few real reflections rather than an empty page. Admins may edit or unpublish them.
INSERT INTO "blog_posts" ("slug", "title", "teaser", "author", "published_at", "body") VALUES
('the-first-morning-without-a-waymark', 'The first morning without a waymark',
 'For weeks a yellow arrow told you where to go. Then you wake at home and nothing points the way.',
 'Maria Lopes', '2026-03-02 08:00:00+00',
$$For weeks a yellow arrow told you where to go. It was painted on kerbstones and barn doors, carved into granite, stuck to lamp posts. You never had to decide much: walk, eat, wash your socks, sleep, walk again.

Then one morning you wake in your own bed and nothing points the way.

Many pilgrims tell us the first week home is the strangest part of the whole journey. The body still wants to move at dawn. The kitchen feels too big. Friends ask "How was it?" and you find yourself saying "Amazing!" because the true answer would take an afternoon and a long walk to tell.

Be gentle with that feeling. It is not a sign that something went wrong; it is a sign that something real happened. The road gave you a rhythm, and your life at home has not yet learned it.

A few things that helped others: keep one small ritual from the road, such as a morning walk before you look at your phone. Write down three moments you never want to forget, before the details soften. And find one person who will listen to the long answer.

The arrows are gone, but you still know how to take the next step. You did it a million times.$$),
('carrying-the-shell-home', 'Carrying the shell home',
 'The scallop shell rode on your pack for eight hundred kilometres. What does it mean now that it hangs by the door?',
 'Tom Brennan', '2026-04-14 08:00:00+00',
$$The scallop shell rode on my pack for eight hundred kilometres. It clacked against the buckle on the descent into Molinaseca and collected dust on the Meseta. Now it hangs on a nail by my front door, next to the keys.

I touch it most mornings on my way out. Not for luck, exactly. More as a question: am I still walking the way I walked then?

On the Camino, I was slow and curious. I talked to strangers. I shared bread with people whose language I did not speak. I was tired, often sore, and strangely content.

At home I am quick and efficient. I rarely talk to strangers. I eat lunch at my desk.

The shell does not scold me. It just reminds me that the pilgrim I was is still here, under the hurry. Some days I leave the car at home and walk to the shop the long way. Some days I say hello to the neighbour I have ignored for six years.

It is a small thing, a shell on a nail. But small things carried faithfully can go a very long way. I know that now.$$),
('what-the-road-taught-me-about-rest', 'What the road taught me about rest',
 'On the road, rest was not a reward for being productive. It was simply part of the day. Can it be that way at home?',
 'Aisha Rahman', '2026-06-09 08:00:00+00',
$$On the road, rest was not something I earned. It was simply part of the day. You walk until the village, you sit in the shade, you take your boots off and you let your feet breathe. Nobody asks what you achieved.

I had never lived like that. At home, rest was what I allowed myself once the list was finished, and the list was never finished.

In the albergues I watched people twice my age stretch out on the grass at four in the afternoon without a trace of guilt. One evening an older Dutch pilgrim told me: "The body keeps the score of the kilometres. The soul keeps the score of the pauses."

Since coming home I have been trying an experiment. One afternoon a week I do what I did on the Camino: I stop. I sit somewhere outside with nothing to read. Sometimes it is lovely. Sometimes it is restless and uncomfortable, and that is information too.

If you are home and finding it hard to slow down, you are not alone. The road showed us another pace is possible. We are allowed to keep a little of it.$$),
('strangers-who-became-family', 'Strangers who became family',
 'You met them on a bench in Pamplona. By Santiago you would have trusted them with your life. How do friendships like that survive the return?',
 'Daniel Okafor', '2026-08-21 08:00:00+00',
$$You met them on a bench in Pamplona, or at a long dinner table in a parish albergue, or limping into the same town on the same blistered afternoon. By Santiago you would have trusted them with your life.

Then you all flew home to different countries, and the group chat slowly went quiet.

It is tempting to think those friendships were only real because of the road. I do not believe that. They were real because, for a few weeks, everyone was unguarded. We had nothing to prove and nowhere else to be.

What the road cannot do is keep those friendships for us. That part is ours. A voice message on the anniversary of your arrival. A photo of a yellow arrow spotted on a wall in your own city. A plan, even an unlikely one, to walk a few days together again.

And if some of those friendships do fade, that is not a failure either. Some people walk beside us for a stage, not for the whole way. Their kindness still counts. It still shaped who arrived in Santiago, and who came home.$$);
