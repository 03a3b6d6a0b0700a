import type { FunctionCardContent, SkillCardContent } from '@/lib/cards/card-schemas';

/** Self-written demo bank: skill cards per ability and global function cards. */
export type DemoSkillCard = { hex: string; ability: 'mail' | 'travel'; apps: string[]; versions: SkillCardContent[] };
export type DemoFunctionCard = { versions: FunctionCardContent[] };

const skill = (c: Omit<SkillCardContent, 'evidence'> & { evidence?: Partial<SkillCardContent['evidence']> }): SkillCardContent => ({
  ...c,
  evidence: { observed_feedback: [], state_transition: [], good_examples: [], bad_examples: [], ...c.evidence },
});

const paginate = skill({
  title: 'Read every page before choosing',
  applies_when: 'A search or list call returns a next_page marker and the task asks for the newest, all, or every matching item',
  solves: 'Missing the target item because it sits on a later page',
  tags: ['pagination', 'search', 'enumeration', 'newest'],
  skill: {
    core_rule: 'If a result has a next page, keep fetching pages until none is left before choosing or counting items',
    completion_condition: ['The last response has no next page marker'],
    success_contrast: ['Passing runs fetched page 2 and found the newest message there'],
    failure_contrast: ['Failing runs stopped at page 1 and acted on an older message'],
    recovery: ['If you already acted on a partial list, re-list all pages and correct the action'],
    efficiency: ['Use the narrowest query and folder so fewer pages are needed'],
  },
  evidence: { observed_feedback: ['Checkpoint search_all_pages failed when only page 1 was read'] },
  functions_used: ['mail.search_messages'],
});

export const DEMO_SKILL_CARDS: DemoSkillCard[] = [
  {
    hex: 'a1f0c3',
    ability: 'mail',
    apps: ['mail'],
    versions: [
      { ...paginate, skill: { ...paginate.skill, success_contrast: [], recovery: [] } },
      paginate,
    ],
  },
  {
    hex: 'b27d91',
    ability: 'mail',
    apps: ['mail'],
    versions: [
      skill({
        title: 'Check flags before bulk moves',
        applies_when: 'The task asks to archive, delete or move many messages with an exception for some of them',
        solves: 'Moving messages the user asked to keep',
        tags: ['archive', 'flags', 'bulk', 'exception'],
        skill: {
          core_rule: 'Before moving a set of messages, read the flag or label that defines the exception and remove those items from the set',
          completion_condition: ['Every moved message lacks the exception flag'],
          success_contrast: ['Passing runs read flags and moved only unflagged items'],
          failure_contrast: ['Failing runs moved the whole result set'],
          recovery: ['Move wrongly moved items back to their original folder'],
          efficiency: [],
        },
        functions_used: ['mail.get_flags', 'mail.move_messages'],
      }),
    ],
  },
  {
    hex: 'c3e4a7',
    ability: 'mail',
    apps: ['mail', 'contacts'],
    versions: [
      skill({
        title: 'Reply in the thread, not as a new message',
        applies_when: 'The task says to reply to or answer a specific message',
        solves: 'Confirmations that the other side never links to their request',
        tags: ['reply', 'thread', 'confirmation', 'send'],
        skill: {
          core_rule: 'When asked to reply, send with the reply reference of the chosen message instead of composing a new message',
          completion_condition: ['The send result references the original message'],
          success_contrast: [],
          failure_contrast: ['A new message without the reply reference starts a separate thread the sender never sees as an answer'],
          recovery: [],
          efficiency: [],
        },
        functions_used: ['mail.send_message'],
      }),
      skill({
        title: 'Reply in the thread, not as a new message',
        applies_when: 'The task says to reply to or answer a specific message',
        solves: 'Confirmations that the other side never links to their request',
        tags: ['reply', 'thread', 'confirmation', 'send'],
        skill: {
          core_rule: 'When asked to reply, send with the reply reference of the chosen message instead of composing a new message',
          completion_condition: ['The send result references the original message', 'The reply restates what is being confirmed'],
          success_contrast: ['Passing runs used the reply reference and restated the date'],
          failure_contrast: ['A new message without the reply reference starts a separate thread the sender never sees as an answer'],
          recovery: [],
          efficiency: [],
        },
        functions_used: ['mail.send_message'],
      }),
    ],
  },
  {
    hex: 'd4a9b2',
    ability: 'travel',
    apps: ['flights'],
    versions: [
      skill({
        title: 'Quote and confirm before paid changes',
        applies_when: 'A booking change or add-on may cost money and the user asked to be consulted or set a limit',
        solves: 'Charging the user without consent or over budget',
        tags: ['payment', 'confirmation', 'budget', 'change'],
        skill: {
          core_rule: 'Get a quote first; if it costs money beyond what the user pre-approved, ask before committing the change',
          completion_condition: ['The user approved the quoted amount, or it is within the stated limit'],
          success_contrast: ['Passing runs quoted the change and paid with credit within the limit'],
          failure_contrast: ['Failing runs changed the booking and charged a card without asking'],
          recovery: ['If charged without consent, tell the user and offer to reverse the change'],
          efficiency: [],
        },
        functions_used: ['flights.quote_change', 'flights.change_booking'],
      }),
    ],
  },
  {
    hex: 'e5b0c8',
    ability: 'travel',
    apps: ['flights'],
    versions: [
      skill({
        title: 'Name the leg when cancelling part of a trip',
        applies_when: 'The user wants to cancel or change only one leg of a multi-leg booking',
        solves: 'Cancelling the whole booking by accident',
        tags: ['cancel', 'leg', 'partial', 'refund'],
        skill: {
          core_rule: 'Identify the leg number from the booking and pass it explicitly; never call cancel without the leg when only part should go',
          completion_condition: ['The cancel result lists only the requested leg'],
          success_contrast: ['Passing runs checked refund rules for leg 2 and cancelled leg 2 only'],
          failure_contrast: ['Omitting the leg argument cancelled both legs'],
          recovery: [],
          efficiency: [],
        },
        functions_used: ['flights.get_refund_rules', 'flights.cancel_booking'],
      }),
    ],
  },
  {
    // States the same rule as b27d91 in other words: the demo's pending MERGE folds it into b27d91.
    hex: 'f6c2d1',
    ability: 'mail',
    apps: ['mail'],
    versions: [
      skill({
        title: 'Leave flagged items out of a bulk archive',
        applies_when: 'The task asks to archive many messages but keep the important ones',
        solves: 'Archiving messages the user marked as important',
        tags: ['archive', 'important', 'bulk', 'flags'],
        skill: {
          core_rule: 'Read the flags of the candidate messages and archive only those without the important flag',
          completion_condition: ['No archived message carries the important flag'],
          success_contrast: [],
          failure_contrast: ['Archiving the whole search result moved important messages too'],
          recovery: [],
          efficiency: ['Read the flags of all candidates in one call'],
        },
        functions_used: ['mail.get_flags', 'mail.move_messages'],
      }),
    ],
  },
];

const fn = (c: Omit<FunctionCardContent, 'app' | 'function'>): FunctionCardContent => {
  const [app, func] = c.tool.split('.');
  return { ...c, app, function: func };
};

export const DEMO_FUNCTION_CARDS: DemoFunctionCard[] = [
  {
    versions: [
      fn({
        tool: 'mail.search_messages',
        what_it_does: 'Searches one folder for messages matching a query and returns one page of results',
        arguments: [
          { name: 'query', meaning: 'search words', value_form: '<TEXT>' },
          { name: 'folder', meaning: 'folder to search', value_form: 'INBOX | SENT | ARCHIVE | SPAM' },
          { name: 'page', meaning: 'result page, from 1', value_form: 'integer' },
        ],
        returns: 'items (id, from, date) and next_page (a number or null)',
        usage_rules: ['Fetch pages until next_page is null when all items matter'],
        common_mistakes: ['Stopping at page 1'],
        side_effects: [],
      }),
      fn({
        tool: 'mail.search_messages',
        what_it_does: 'Searches one folder for messages matching a query and returns one page of results',
        arguments: [
          { name: 'query', meaning: 'search words', value_form: '<TEXT>' },
          { name: 'folder', meaning: 'folder to search', value_form: 'INBOX | SENT | ARCHIVE | SPAM' },
          { name: 'unread', meaning: 'only unread messages', value_form: 'boolean' },
          { name: 'before', meaning: 'only messages older than', value_form: '<DATE_OR_TIME>' },
          { name: 'page', meaning: 'result page, from 1', value_form: 'integer' },
        ],
        returns: 'items (id, from, date) and next_page (a number or null)',
        usage_rules: ['Fetch pages until next_page is null when all items matter', 'Search SENT to check whether something was already sent'],
        common_mistakes: ['Stopping at page 1'],
        side_effects: [],
      }),
    ],
  },
  {
    versions: [
      fn({
        tool: 'mail.send_message',
        what_it_does: 'Sends a message, either new (to) or as a reply (reply_to)',
        arguments: [
          { name: 'reply_to', meaning: 'message being answered', value_form: '<ID>' },
          { name: 'to', meaning: 'recipient address for a new message', value_form: '<EMAIL>' },
          { name: 'body', meaning: 'message text', value_form: '<TEXT>' },
        ],
        returns: 'status and the id of the sent message',
        usage_rules: ['Use reply_to when answering an existing message'],
        common_mistakes: ['Composing a new message instead of replying'],
        side_effects: ['Delivers a message; cannot be undone'],
      }),
    ],
  },
  {
    versions: [
      fn({
        tool: 'mail.move_messages',
        what_it_does: 'Moves a list of messages to a folder',
        arguments: [
          { name: 'message_ids', meaning: 'messages to move', value_form: 'list of <ID>' },
          { name: 'folder', meaning: 'destination folder', value_form: 'INBOX | ARCHIVE | SPAM' },
        ],
        returns: 'moved: how many messages were moved',
        usage_rules: ['Filter out exceptions before moving'],
        common_mistakes: ['Moving flagged messages the user asked to keep'],
        side_effects: ['Changes the folder of every listed message'],
      }),
    ],
  },
  {
    versions: [
      fn({
        tool: 'flights.change_booking',
        what_it_does: 'Moves a booking to another flight and settles the fare difference',
        arguments: [
          { name: 'booking_id', meaning: 'booking to change', value_form: '<ID>' },
          { name: 'flight', meaning: 'new flight number', value_form: '<ID>' },
          { name: 'payment', meaning: 'how to pay any difference', value_form: 'credit | card' },
        ],
        returns: 'status and any amount charged',
        usage_rules: ['Quote the change first', 'Ask before charging a card'],
        common_mistakes: ['Charging a card without consent'],
        side_effects: ['Changes the itinerary', 'May charge the user'],
      }),
    ],
  },
  {
    versions: [
      fn({
        tool: 'flights.cancel_booking',
        what_it_does: 'Cancels a booking or one leg of it and reports the refund',
        arguments: [
          { name: 'booking_id', meaning: 'booking to cancel', value_form: '<ID>' },
          { name: 'leg', meaning: 'leg number to cancel; omitted means every leg', value_form: 'integer' },
          { name: 'reason', meaning: 'cancellation reason', value_form: 'change_of_plan | other' },
        ],
        returns: 'status and refund amount',
        usage_rules: ['Pass leg when only part of the trip should be cancelled', 'Check refund rules first'],
        common_mistakes: ['Omitting leg and cancelling the whole trip'],
        side_effects: ['Cancels flights; irreversible'],
      }),
    ],
  },
];
